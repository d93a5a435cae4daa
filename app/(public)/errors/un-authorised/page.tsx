import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ERROR_CATALOGUE } from "@/lib/errors";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t(ERROR_CATALOGUE.forbidden.titleKey) };
}

/** /errors/un-authorised: responds 403 and renders app/forbidden.tsx. */
export default function UnAuthorisedPage(): never {
  forbidden();
}
