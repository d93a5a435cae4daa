import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { ButtonLink } from "@/components/ui/button-link";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login.loggedOut");
  return { title: t("metaTitle") };
}

/** Shown after Sign out (spec: logged-out page). */
export default async function LoggedOutPage() {
  const t = await getTranslations("login.loggedOut");
  return (
    <CardPage title={t("title")}>
      <p className="mb-6">{t("body")}</p>
      <ButtonLink href="/login">{t("signIn")}</ButtonLink>
    </CardPage>
  );
}
