import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { SecurityEventRow } from "@/db/schema";
import { securityEventValues } from "@/db/schema";
import { SelectField } from "@/components/ui/field";
import { buttonClassName } from "@/components/ui/button-styles";

const FAILURES = new Set(["SignInFailed", "AccessDenied", "RateLimited"]);

/** Filter of the security events (GET form, in the URL). */
export function SecurityEventFilters({ event }: { event?: string }) {
  const t = useTranslations("auditArea.security");
  const tf = useTranslations("auditArea.filters");
  return (
    <form key={event ?? ""} method="get" action="/administration/audit" className="mb-6 flex flex-wrap items-end gap-4 rounded-md border border-line-soft bg-navy-50 p-4">
      <input type="hidden" name="view" value="security" />
      <SelectField label={t("event")} name="event" defaultValue={event ?? ""} className="min-w-64">
        <option value="">{t("allEvents")}</option>
        {securityEventValues.map((v) => (
          <option key={v} value={v}>
            {t(`events.${v}`)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClassName({ variant: "primary" })}>
        {tf("apply")}
      </button>
      <Link href="/administration/audit?view=security" className={buttonClassName({ variant: "link" })}>
        {tf("clear")}
      </Link>
    </form>
  );
}

/** Sign-ins, sign-outs, denials and rate limits, newest first. */
export function SecurityEventList({ events }: { events: SecurityEventRow[] }) {
  const t = useTranslations("auditArea");
  const format = useFormatter();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t("security.caption")}</caption>
        <thead>
          <tr className="border-b-2 border-line">
            <th scope="col" className="py-2 pr-4">{t("when")}</th>
            <th scope="col" className="py-2 pr-4">{t("security.event")}</th>
            <th scope="col" className="py-2 pr-4">{t("security.actor")}</th>
            <th scope="col" className="py-2 pr-4">{t("security.role")}</th>
            <th scope="col" className="py-2 pr-4">{t("ip")}</th>
            <th scope="col" className="py-2 pr-4">{t("security.detail")}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-b border-line-soft align-top">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={e.timestamp.toISOString()}>{format.dateTime(e.timestamp, { dateStyle: "medium", timeStyle: "medium" })}</time>
              </td>
              <td className="py-2 pr-4">
                {FAILURES.has(e.event) ? <span className="mr-1 font-bold text-red-900">{`${t("security.failure")}:`}</span> : null}
                {t(`security.events.${e.event}`)}
              </td>
              <td className="py-2 pr-4 break-all">{e.actor}</td>
              <td className="py-2 pr-4">{e.userType ? t(`security.roles.${e.userType}`) : ""}</td>
              <td className="py-2 pr-4 break-all">{e.ip ?? ""}</td>
              <td className="py-2 pr-4 font-mono text-xs break-all">{e.detail ? JSON.stringify(e.detail) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
