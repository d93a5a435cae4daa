import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { CardPage } from "@/components/layout/page-layouts";
import { ButtonLink } from "@/components/ui/button-link";

export const generateMetadata = titleMetadata("login.loggedOut");

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
