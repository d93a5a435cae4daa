import { getTranslations } from "next-intl/server";
import { ONE_TIME_LINK_PAGE, titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { LinkConfirmPage } from "@/components/layout/link-confirm-page";

export const generateMetadata = titleMetadata("confirmEmail", ONE_TIME_LINK_PAGE);

/** The emailed link to confirm a change of email lands here; the button applies it. */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("confirmEmail");
  return <LinkConfirmPage title={t("title")} description={t("description")} action={`/api/confirm-email/${encodeURIComponent(token)}`} submit={t("submit")} note={t("note")} />;
}
