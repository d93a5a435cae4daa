import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { buttonClassName } from "@/components/ui/button-styles";

const OUTCOMES = ["changed", "expired", "taken"] as const;

type Props = { searchParams: Promise<{ outcome?: string }> };

const outcomeOf = (asked: string | undefined) => OUTCOMES.find((o) => o === asked) ?? "expired";

/** The title is what became of the confirmation, as the heading says. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [t, { outcome }] = await Promise.all([getTranslations("confirmEmail"), searchParams]);
  return { title: t(`${outcomeOf(outcome)}Title`), robots: { index: false } };
}

/** What became of a confirmation of a change of email. */
export default async function ConfirmEmailResultPage({ searchParams }: Props) {
  const outcome = outcomeOf((await searchParams).outcome);
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
