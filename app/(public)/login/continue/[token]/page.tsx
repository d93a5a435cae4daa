import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkConfirmPage } from "@/components/layout/link-confirm-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login.continue");
  return { title: t("metaTitle"), referrer: "same-origin", robots: { index: false } };
}

/** "Continue to sign in": the emailed sign-in link lands here; the button signs in. */
export default async function ContinueSignInPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("login.continue");
  return <LinkConfirmPage title={t("title")} description={t("description")} action={`/api/enter/${encodeURIComponent(token)}`} submit={t("submit")} note={t("note")} />;
}
