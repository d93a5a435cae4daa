import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage } from "@/lib/errors";

const error = errorFromMessage("404");

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t(error.titleKey) };
}

/** Unknown routes and `notFound()`: the generic error view with message 404 (docs/product.md). */
export default function NotFound() {
  return <ErrorView error={error} />;
}
