import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { listAuditEntries } from "@/lib/server/audit/list-audit-entries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.audit");
  return { title: t("metaTitle") };
}

/** Admin only: the audit list, newest first. */
export default async function AuditPage() {
  const user = await requirePageUser("admin.audit.read");
  const [t, format, entries] = await Promise.all([getTranslations("secure.audit"), getFormatter(), listAuditEntries({ db: await getDb(), user })]);
  return (
    <PlainPage title={t("title")} width="wide">
      {entries.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-4">{t("when")}</th>
                <th scope="col" className="py-2 pr-4">{t("action")}</th>
                <th scope="col" className="py-2 pr-4">{t("type")}</th>
                <th scope="col" className="py-2 pr-4">{t("entity")}</th>
                <th scope="col" className="py-2 pr-4">{t("user")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-line align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">{format.dateTime(e.timestamp, { dateStyle: "medium", timeStyle: "medium" })}</td>
                  <td className="py-2 pr-4">{e.action}</td>
                  <td className="py-2 pr-4">{e.auditType}</td>
                  <td className="py-2 pr-4">{`${e.entityType} ${e.entityId ?? ""}`}</td>
                  <td className="py-2 pr-4 break-all">{e.user}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PlainPage>
  );
}
