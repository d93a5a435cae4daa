import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("metaTitle") };
}

/**
 * PLACEHOLDER: /login until the emailed-link sign-in form (email + reference number) lands.
 * Replace the body of this page with the real form; keep CardPage and the `login` namespace.
 */
export default async function LoginPage() {
  const t = await getTranslations("login");
  return (
    <CardPage title={t("title")} description={t("description")}>
      <Alert variant="info" role="none" title={t("comingSoonTitle")}>
        <p>{t("comingSoon")}</p>
      </Alert>
      <p>{t.rich("contactPrompt", { link: (chunks) => <Link href="/contact">{chunks}</Link> })}</p>
    </CardPage>
  );
}
