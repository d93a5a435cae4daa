import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { buttonClassName } from "@/components/ui/button-styles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("confirmEmail");
  return { title: t("metaTitle"), robots: { index: false } };
}

const OUTCOMES = ["changed", "expired", "taken"] as const;

/** What became of a confirmation of a change of email. */
export default async function ConfirmEmailResultPage({ searchParams }: { searchParams: Promise<{ outcome?: string }> }) {
  const { outcome: asked } = await searchParams;
  const outcome = OUTCOMES.find((o) => o === asked) ?? "expired";
  const t = await getTranslations("confirmEmail");
  return (
    <CardPage title={t(`${outcome}Title`)}>
      <p data-testid="confirm-email-outcome" data-outcome={outcome}>
        {t(outcome)}
      </p>
      <Link href="/login" className={buttonClassName({})}>
        {t("signIn")}
      </Link>
    </CardPage>
  );
}
