import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkConfirmPage } from "@/components/layout/link-confirm-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("confirmEmail");
  return { title: t("metaTitle"), referrer: "same-origin", robots: { index: false } };
}

/** The emailed link to confirm a change of email lands here; the button applies it. */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("confirmEmail");
  return <LinkConfirmPage title={t("title")} description={t("description")} action={`/api/confirm-email/${encodeURIComponent(token)}`} submit={t("submit")} note={t("note")} />;
}
