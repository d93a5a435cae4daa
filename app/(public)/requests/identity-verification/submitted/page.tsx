import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { RetryCardPayment } from "@/components/payments/retry-card-payment";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import { parseSubmittedPageParams } from "@/lib/schemas/request-page-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("requestSubmitted");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The onboarding-request-submitted page: the request's reference and what happens next. It reads
 * nothing from the database (the reference in the address is the visitor's own, from the answer to
 * their submission). When a card payment could not be started, the address also carries the
 * payment credential, and the page offers to start the payment again; when the invitations wait for
 * staff (`held=1`), it says staff are in touch within two working days and invite the individuals then.
 */
export default async function RequestSubmittedPage({ searchParams }: Props) {
  const params = parseSubmittedPageParams(await searchParams);
  if (!params) notFound();
  const t = await getTranslations("requestSubmitted");
  return (
    <TitledPage title={t("title")}>
      <Alert variant="success" role="status" title={t("referenceTitle")}>
        <p>
          {t("referenceBody")} <strong data-testid="client-reference" className="font-mono text-lg">{params.reference}</strong>
        </p>
      </Alert>
      {params.payment ? (
        <RetryCardPayment reference={params.reference} secret={params.payment} />
      ) : (
        <>
          <h2 className="text-xl font-bold">{t("nextTitle")}</h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>{t("nextEmail")}</li>
            {params.held ? (
              <li>{t("nextHeld")}</li>
            ) : (
              <>
                <li>{t("nextInvitations")}</li>
                <li>{t("nextOnboarding")}</li>
              </>
            )}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-3 pt-2">
        <ButtonLink href="/login" variant="secondary">
          {t("signIn")}
        </ButtonLink>
      </div>
    </TitledPage>
  );
}
