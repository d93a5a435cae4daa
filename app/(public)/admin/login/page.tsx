import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SsoSignIn } from "@/components/auth/sso-sign-in";
import { CardPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { homePaths } from "@/lib/auth/home-path";
import { oidcConfig } from "@/lib/auth/sso/oidc-config";
import { getEnv } from "@/lib/env";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminLogin");
  return { title: t("metaTitle") };
}

/**
 * /admin/login (docs/product.md): sends the browser to the single sign-on login endpoint with a post-login
 * redirect to /administration/client-management. next-auth sends failures back here with
 * `?error=<code>`; then the page explains and waits for the person instead of looping.
 */
export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations("adminLogin");
  const { error } = await searchParams;
  const configured = oidcConfig(getEnv()) !== null;
  const callbackUrl = homePaths.Admin;
  const support = t.rich("contactPrompt", { link: (chunks) => <Link href="/contact">{chunks}</Link> });

  if (!configured) {
    return (
      <CardPage title={t("title")} footer={support}>
        <Alert variant="warning" role="none" title={t("notConfiguredTitle")}>
          <p>{t("notConfigured")}</p>
        </Alert>
      </CardPage>
    );
  }

  return (
    <CardPage title={t("title")} description={t("description")} footer={support}>
      {error ? (
        <Alert variant="error" title={t("errorTitle")}>
          <p>{t("error")}</p>
        </Alert>
      ) : null}
      <ClientMessages namespaces={["adminLogin"]}>
        <SsoSignIn callbackUrl={callbackUrl} autoStart={!error} />
      </ClientMessages>
      <noscript>
        <p>
          {t.rich("noscript", {
            link: (chunks) => <a href={`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>{chunks}</a>,
          })}
        </p>
      </noscript>
    </CardPage>
  );
}
