import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorView } from "@/components/errors/error-view";
import { ERROR_CATALOGUE, errorFromMessage } from "@/lib/errors";

/** Titled as the screen, not as the page that was refused. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t(ERROR_CATALOGUE.unauthorized.titleKey) };
}

/** Rendered with HTTP 401 when a route calls `unauthorized()` (no signed-in user). */
export default function Unauthorized() {
  return <ErrorView error={errorFromMessage("401")} />;
}
