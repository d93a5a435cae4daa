import type { Metadata } from "next";
import { unauthorized } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ERROR_CATALOGUE } from "@/lib/errors";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t(ERROR_CATALOGUE.unauthorized.titleKey) };
}

/** /errors/un-authenticated: responds 401 and renders app/unauthorized.tsx. */
export default function UnAuthenticatedPage(): never {
  unauthorized();
}
