import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.company");
  return { title: t("metaTitle") };
}

/** DV_CompanyContact only: their company and its individuals. */
export default async function CompanyManagementPage() {
  const user = await requirePageUser("company.read");
  const [t, ts, company] = await Promise.all([getTranslations("secure.company"), getTranslations("statuses"), loadOrNotFound(getOwnCompany({ db: await getDb(), user }))]);
  return (
    <PlainPage title={company.name}>
      <dl className="mb-8 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("reference")}</dt>
        <dd className="font-mono">{company.reference}</dd>
        <dt className="font-semibold">{t("status")}</dt>
        <dd>
          <StatusBadge kind="client" status={company.status} />
        </dd>
        <dt className="font-semibold">{t("tier")}</dt>
        <dd>{ts(`productTier.${company.productTier}`)}</dd>
        <dt className="font-semibold">{t("journey")}</dt>
        <dd>{ts(`journey.${company.journey}`)}</dd>
      </dl>
      <section aria-labelledby="individuals-title">
        <h2 id="individuals-title" className="mb-3 text-xl font-bold">
          {t("directorsTitle")}
        </h2>
        {company.directors.length === 0 ? (
          <p>{t("noIndividuals")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left">
              <thead>
                <tr className="border-b-2 border-line">
                  <th scope="col" className="py-2 pr-4">{t("name")}</th>
                  <th scope="col" className="py-2 pr-4">{t("email")}</th>
                  <th scope="col" className="py-2 pr-4">{t("status")}</th>
                </tr>
              </thead>
              <tbody>
                {company.directors.map((d) => (
                  <tr key={d.id} className="border-b border-line">
                    <td className="py-2 pr-4">{d.name}</td>
                    <td className="py-2 pr-4 break-all">{d.email}</td>
                    <td className="py-2 pr-4">
                      <StatusBadge kind="director" status={d.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </PlainPage>
  );
}
