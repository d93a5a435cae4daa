import { getTranslations } from "next-intl/server";
import { ONE_TIME_LINK_PAGE, titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { LinkConfirmPage } from "@/components/layout/link-confirm-page";

export const generateMetadata = titleMetadata("login.continue", ONE_TIME_LINK_PAGE);

/** "Continue to sign in": the emailed sign-in link lands here; the button signs in. */
export default async function ContinueSignInPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("login.continue");
  return <LinkConfirmPage title={t("title")} description={t("description")} action={`/api/enter/${encodeURIComponent(token)}`} submit={t("submit")} note={t("note")} />;
}
