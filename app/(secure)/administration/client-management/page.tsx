import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { listRecentClients } from "@/lib/server/clients/list-recent-clients";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.clients");
  return { title: t("metaTitle") };
}

/** Admin only: the client list. */
export default async function ClientManagementPage() {
  const user = await requirePageUser("admin.clients.read");
  const [t, ts, format, rows] = await Promise.all([getTranslations("secure.clients"), getTranslations("statuses"), getFormatter(), listRecentClients({ db: await getDb(), user })]);
  return (
    <PlainPage title={t("title")} description={t("intro")} width="wide">
      {rows.length === 0 ? (
        <p>{t("noResults")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-4">{t("name")}</th>
                <th scope="col" className="py-2 pr-4">{t("reference")}</th>
                <th scope="col" className="py-2 pr-4">{t("status")}</th>
                <th scope="col" className="py-2 pr-4">{t("tier")}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t("directors")}</th>
                <th scope="col" className="py-2 pr-4">{t("created")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} className="border-b border-line">
                  <td className="py-2 pr-4">
                    <Link href={`/administration/client-management/${c.id}`}>{c.name}</Link>
                  </td>
                  <td className="py-2 pr-4 font-mono">{c.reference}</td>
                  <td className="py-2 pr-4">
                    <StatusBadge kind="client" status={c.status} />
                  </td>
                  <td className="py-2 pr-4">{ts(`productTier.${c.productTier}`)}</td>
                  <td className="py-2 pr-4 text-right">{c.directorCount}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{format.dateTime(c.createdAt, { dateStyle: "medium" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PlainPage>
  );
}
