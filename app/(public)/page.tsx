import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { ButtonLink } from "@/components/ui/button-link";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { homePathFor } from "@/lib/auth/home-path";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("home");
  return { title: { absolute: t("metaTitle") } };
}

/** Where the front door's two ways lead. */
const REQUEST_FORM_PATH = "/requests/identity-verification";
const SIGN_IN_PATH = "/login";

/**
 * The front door. It asks for the visitor's home path (as GET /api/home does) and goes there when it
 * is not `/`: a signed-in person lands on their own home. A visitor stays: the page offers the
 * request form (which first asks how the company will pay) and sign-in.
 */
export default async function HomePage() {
  const user = await getCurrentUser();
  const home = homePathFor(user?.type);
  if (home !== "/") redirect(home);
  const t = await getTranslations("home");
  return (
    <TitledPage title={t("title")} description={<p className="text-lg">{t("lead")}</p>}>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="home-request" className="flex flex-col items-start gap-3 rounded-lg border border-line-soft p-5 shadow-sm">
          <h2 id="home-request" className="text-xl font-bold">
            {t("request.title")}
          </h2>
          <p className="flex-1">{t("request.body")}</p>
          <ButtonLink href={REQUEST_FORM_PATH}>{t("request.action")}</ButtonLink>
        </section>
        <section aria-labelledby="home-sign-in" className="flex flex-col items-start gap-3 rounded-lg border border-line-soft p-5 shadow-sm">
          <h2 id="home-sign-in" className="text-xl font-bold">
            {t("signIn.title")}
          </h2>
          <p className="flex-1">{t("signIn.body")}</p>
          <ButtonLink href={SIGN_IN_PATH} variant="secondary">
            {t("signIn.action")}
          </ButtonLink>
        </section>
      </div>
    </TitledPage>
  );
}
