import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { SecurityEventRow } from "@/db/schema";
import { securityEventValues } from "@/db/schema";
import { SelectField } from "@/components/ui/field";
import { buttonClassName } from "@/components/ui/button-styles";
import { DataTable, type DataColumn } from "@/components/ui/data-table";

const FAILURES = new Set(["SignInFailed", "AccessDenied", "RateLimited"]);

/** Filter of the security events (GET form, in the URL). */
export function SecurityEventFilters({ event }: { event?: string }) {
  const t = useTranslations("auditArea.security");
  const tf = useTranslations("auditArea.filters");
  return (
    <form key={event ?? ""} method="get" action="/administration/audit" className="mb-6 flex flex-wrap items-end gap-4 rounded-md border border-line-soft bg-navy-50 p-4">
      <input type="hidden" name="view" value="security" />
      <SelectField label={t("event")} name="event" defaultValue={event ?? ""} className="sm:min-w-64">
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

/** Sign-ins, sign-outs, denials and rate limits, newest first; says so when none match. */
export function SecurityEventList({ events }: { events: SecurityEventRow[] }) {
  const t = useTranslations("auditArea.security");
  const ta = useTranslations("auditArea");
  const format = useFormatter();
  const columns: DataColumn<SecurityEventRow>[] = [
    {
      label: ta("when"),
      className: "sm:whitespace-nowrap",
      cell: (e) => (
        <time dateTime={e.timestamp.toISOString()}>
          {format.dateTime(e.timestamp, { dateStyle: "medium", timeStyle: "medium" })}
        </time>
      ),
    },
    {
      label: t("event"),
      cell: (e) => (
        <>
          {FAILURES.has(e.event) ? (
            <span className="mr-1 font-bold text-red-900">{`${t("failure")}:`}</span>
          ) : null}
          {t(`events.${e.event}`)}
        </>
      ),
    },
    { label: t("actor"), className: "break-all", cell: (e) => e.actor },
    { label: t("role"), cell: (e) => (e.userType ? t(`roles.${e.userType}`) : "") },
    { label: ta("ip"), className: "break-all", cell: (e) => e.ip ?? "" },
    {
      label: t("detail"),
      className: "font-mono text-xs break-all",
      cell: (e) => (e.detail ? JSON.stringify(e.detail) : ""),
    },
  ];
  return <DataTable caption={t("caption")} rows={events} columns={columns} empty={t("empty")} />;
}
