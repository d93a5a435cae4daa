import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { LoginForm } from "@/components/auth/login-form";
import { loginPrefill, type LoginQuery } from "@/lib/auth/login-prefill";
import { getEnv } from "@/lib/env";
import { captchaBrowserConfig } from "@/lib/integrations/captcha";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("metaTitle") };
}

/**
 * Sign-in for company contacts and directors: email + reference number, then an emailed link. The
 * invitation links here with both in the query (`?email=…&reference=…`): valid values fill in the
 * form, nothing more. The address then holds a person's details, so this path is never stored by a
 * cache and sends no Referer to other sites (lib/security-headers.ts: isPrivatePath, referrerPolicyOf).
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<LoginQuery> }) {
  const t = await getTranslations("login");
  const prefill = loginPrefill(await searchParams);
  return (
    <CardPage title={t("title")} description={t("description")}>
      <ClientMessages namespaces={["common", "login", "validation"]}>
        <LoginForm linkMinutes={getEnv().SIGN_IN_LINK_MINUTES} botCheck={captchaBrowserConfig()} prefill={prefill} />
      </ClientMessages>
      <p className="mt-6 text-sm">{t.rich("contactPrompt", { link: (chunks) => <Link href="/contact">{chunks}</Link> })}</p>
      <p className="mt-2 text-sm">{t.rich("staffPrompt", { link: (chunks) => <Link href="/admin/login">{chunks}</Link> })}</p>
    </CardPage>
  );
}
