import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.individual");
  return { title: t("metaTitle") };
}

/** DV_Director only: their own record. Accepts any search parameters (e.g. from the provider's return). */
export default async function IndividualDetailsPage() {
  const user = await requirePageUser("director.self.read");
  const [t, director] = await Promise.all([getTranslations("secure.individual"), loadOrNotFound(getOwnDirector({ db: await getDb(), user }))]);
  const address = [director.addressLine1, director.addressLine2, director.addressLine3, director.city, director.state, director.postcode].filter(Boolean).join(", ");
  return (
    <TitledPage title={director.name}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("status")}</dt>
        <dd>
          <StatusBadge kind="director" status={director.status} />
        </dd>
        <dt className="font-semibold">{t("company")}</dt>
        <dd>{director.client.name}</dd>
        <dt className="font-semibold">{t("reference")}</dt>
        <dd className="font-mono">{director.reference}</dd>
        <dt className="font-semibold">{t("email")}</dt>
        <dd className="break-all">{director.email}</dd>
        <dt className="font-semibold">{t("address")}</dt>
        <dd>{address || t("noAddress")}</dd>
      </dl>
    </TitledPage>
  );
}
