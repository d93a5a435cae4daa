import { useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import type { Pager } from "@/lib/pager";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Pagination } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableHeadRow } from "@/components/ui/table";
import { VerifyByNote } from "@/components/company/verify-by-note";
import { DirectorRow, DirectorsFilter, DirectorsList } from "./directors-islands";
import { directorsViewQuery, INDIVIDUALS_HEADING_ID, type DirectorsView, type SearchParams } from "./directors-view";

/**
 * The client's individuals, one page of 25 at a time (a client may have thousands): a status filter
 * ('All individual statuses' or one status), an option to show deleted ones, and per individual an
 * expandable panel with everything about them. Under each one's status, their verify-by date (or
 * that it has passed) while they are still to be verified. The view lives in the address
 * (directors-view.ts) and the server sends only that page. The rows render here, on the server;
 * the filter, the rows' buttons and their panels are the client's (directors-islands.tsx).
 */
export function DirectorsSection({
  directors,
  pager,
  totals,
  view,
  path,
  searchParams,
  clientUnitPrice,
  countries,
  registerFindings = {},
}: {
  /** The individuals of the page. */
  directors: ClientDetailDirector[];
  /** Where the page is among the individuals matching the filter. */
  pager: Pager;
  /** All the client's individuals, and those deleted. */
  totals: { all: number; deleted: number };
  view: DirectorsView;
  /** The page's path and query, for the pages' links. */
  path: string;
  searchParams: SearchParams;
  clientUnitPrice: number | null;
  countries: OptionItem[];
  /** Each individual's Companies House register findings (lib/server/companies-house/register-check-findings.ts), by id. */
  registerFindings?: Record<number, RegisterFindings>;
}) {
  const t = useTranslations("clientDetail.directors");
  const money = useMoney("—");
  if (!totals.all) return <p>{t("empty")}</p>;
  const total = view.showDeleted ? totals.all : totals.all - totals.deleted;

  return (
    <div className="flex flex-col gap-4">
      <DirectorsFilter view={view} deletedCount={totals.deleted} />
      <p role="status" className="text-sm text-ink-muted">
        {t("countShown", { shown: pager.totalCount, total })}
      </p>
      {pager.totalCount === 0 ? (
        <p>{t("noMatch")}</p>
      ) : (
        <DirectorsList liveIds={directors.filter((d) => !d.isDeleted).map((d) => d.id)} clientUnitPrice={clientUnitPrice} countries={countries}>
          <Table size="md" fixed scroll="none">
            {/* Below 640 px each individual is a card with every column; from 640 to 768 px the reference gives way. */}
            <TableHead>
              <TableHeadRow>
                <TableHeader>{t("name")}</TableHeader>
                <TableHeader className="w-32 sm:max-md:hidden">{t("reference")}</TableHeader>
                <TableHeader className="w-52">{t("status")}</TableHeader>
                <TableHeader className="w-28">{t("price")}</TableHeader>
                <TableHeader className="w-28 pr-0">
                  <span className="sr-only">{t("details")}</span>
                </TableHeader>
              </TableHeadRow>
            </TableHead>
            <TableBody>
              {directors.map((d) => (
                <DirectorRow key={d.id} director={d} registerFindings={registerFindings[d.id]}>
                  <TableCell label={t("name")}>
                    <span className="font-semibold break-words">{d.name}</span>
                    <span className="block text-sm break-all text-ink-muted">{d.email}</span>
                    {d.isDeleted ? <span className="mt-1 inline-block rounded-full border border-danger px-2 text-sm font-semibold text-danger">{t("deleted")}</span> : null}
                  </TableCell>
                  <TableCell label={t("reference")} className="font-mono sm:max-md:hidden">
                    {d.reference}
                  </TableCell>
                  <TableCell label={t("status")}>
                    {/* The badge never wraps by itself; in a narrow column it must. */}
                    <span className="[&>span]:whitespace-normal">
                      <StatusBadge kind="director" status={d.status} />
                    </span>
                    {d.statusOverride ? <span className="block text-sm text-ink-muted">{t("overridden")}</span> : null}
                    {registerFindings[d.id]?.latest?.open ? <span className="block text-sm font-semibold text-danger">{t("registerOpen")}</span> : null}
                    <VerifyByNote deadline={d.verifyBy} className="mt-1 block" />
                  </TableCell>
                  <TableCell label={t("price")} className="sm:whitespace-nowrap">
                    {money(d.priceOverride ?? clientUnitPrice)}
                    {d.priceOverride !== null ? <span className="block text-sm text-ink-muted">{t("priceOverridden")}</span> : null}
                  </TableCell>
                </DirectorRow>
              ))}
            </TableBody>
          </Table>
        </DirectorsList>
      )}
      <Pagination
        pager={pager}
        hrefFor={(page) => `${path}${directorsViewQuery(searchParams, { ...view, page })}#${INDIVIDUALS_HEADING_ID}`}
        label={t("pagesLabel")}
      />
    </div>
  );
}
