import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { buttonClassName } from "@/components/ui/button-styles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("confirmEmail");
  return { title: t("metaTitle"), referrer: "same-origin", robots: { index: false } };
}

/**
 * The emailed link to confirm a change of email lands here without changing anything (mail scanners
 * open links); this button's POST applies it. A plain form, so it works without JavaScript.
 */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("confirmEmail");
  return (
    <CardPage title={t("title")} description={t("description")}>
      <form method="post" action={`/api/confirm-email/${encodeURIComponent(token)}`} className="flex flex-col gap-4">
        <button type="submit" className={buttonClassName({ fullWidth: true })}>
          {t("submit")}
        </button>
        <p className="text-sm text-ink-muted">{t("note")}</p>
      </form>
    </CardPage>
  );
}
