import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { SecurityEventRow } from "@/db/schema";
import { securityEventValues } from "@/db/schema";
import { SelectField } from "@/components/ui/field";
import { buttonClassName } from "@/components/ui/button-styles";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";

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
  const t = useTranslations("auditArea");
  const format = useFormatter();
  const headers = [t("when"), t("security.event"), t("security.actor"), t("security.role"), t("ip"), t("security.detail")];
  return (
    <Table caption={t("security.caption")}>
      <TableHead headers={headers} />
      <TableBody>
        {events.length === 0 ? <TableEmptyRow colSpan={headers.length}>{t("security.empty")}</TableEmptyRow> : null}
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell label={headers[0]} className="sm:whitespace-nowrap">
              <time dateTime={e.timestamp.toISOString()}>{format.dateTime(e.timestamp, { dateStyle: "medium", timeStyle: "medium" })}</time>
            </TableCell>
            <TableCell label={headers[1]}>
              {FAILURES.has(e.event) ? <span className="mr-1 font-bold text-red-900">{`${t("security.failure")}:`}</span> : null}
              {t(`security.events.${e.event}`)}
            </TableCell>
            <TableCell label={headers[2]} className="break-all">
              {e.actor}
            </TableCell>
            <TableCell label={headers[3]}>{e.userType ? t(`security.roles.${e.userType}`) : ""}</TableCell>
            <TableCell label={headers[4]} className="break-all">
              {e.ip ?? ""}
            </TableCell>
            <TableCell label={headers[5]} className="font-mono text-xs break-all">{e.detail ? JSON.stringify(e.detail) : ""}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
