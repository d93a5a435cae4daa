import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { getClient, parseId } from "@/lib/server/clients/get-client";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.client");
  return { title: t("metaTitle") };
}

/** Admin only: one client (integer id; anything else is the 404 screen) and its individuals. */
export default async function ClientDetailPage({ params }: { params: Promise<{ clientId: string }> }) {
  const user = await requirePageUser("admin.clients.read");
  const id = parseId((await params).clientId);
  if (id === null) notFound();
  const [t, ts, client] = await Promise.all([getTranslations("secure.client"), getTranslations("statuses"), loadOrNotFound(getClient({ db: await getDb(), user, id }))]);
  const contact = [client.mainContactFirstName, client.mainContactLastName].filter(Boolean).join(" ");
  return (
    <PlainPage title={client.name} width="wide">
      <p className="mb-4">
        <Link href="/administration/client-management">{t("back")}</Link>
      </p>
      {client.isDeleted ? (
        <Alert variant="warning" role="none" className="mb-6">
          {t("deleted", { reason: client.deleteReason ?? "" })}
        </Alert>
      ) : null}
      <dl className="mb-8 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("reference")}</dt>
        <dd className="font-mono">{client.reference}</dd>
        <dt className="font-semibold">{t("status")}</dt>
        <dd>
          <StatusBadge kind="client" status={client.status} />
        </dd>
        <dt className="font-semibold">{t("tier")}</dt>
        <dd>{ts(`productTier.${client.productTier}`)}</dd>
        <dt className="font-semibold">{t("journey")}</dt>
        <dd>{ts(`journey.${client.journey}`)}</dd>
        <dt className="font-semibold">{t("mainContact")}</dt>
        <dd className="break-all">{contact ? `${contact} <${client.mainContactEmail}>` : client.mainContactEmail}</dd>
      </dl>
      <section aria-labelledby="individuals-title">
        <h2 id="individuals-title" className="mb-3 text-xl font-bold">{t("directorsTitle")}</h2>
        {client.directors.length === 0 ? (
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
                {client.directors.map((d) => (
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
