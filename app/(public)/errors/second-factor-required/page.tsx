import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secondFactor");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * /errors/second-factor-required: where an admin's single sign-on ends when ADMIN_REQUIRE_MFA is on
 * and the ID token shows no second factor (lib/auth/sso/second-factor.ts). Says why in plain words
 * and what to ask their IT team for; the refusal is a SignInFailed security event.
 */
export default async function SecondFactorRequiredPage() {
  const t = await getTranslations("secondFactor");
  return (
    <CardPage title={t("title")} footer={t.rich("contactPrompt", { link: (chunks) => <Link href="/contact">{chunks}</Link> })}>
      <Alert variant="warning" role="none" title={t("notSignedIn")}>
        <p>{t("lead")}</p>
      </Alert>
      <p>{t("why")}</p>
      <p>{t("next")}</p>
      <p>
        <Link href="/admin/login">{t("signInAgain")}</Link>
      </p>
    </CardPage>
  );
}
