"use client";

import { Fragment, useCallback, useEffect, useId, useMemo, useOptimistic, useRef, useState, useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { directorStatusLifecycleOrder, type DirectorStatus } from "@/lib/domain/values";
import type { OptionItem } from "@/lib/countries";
import type { Pager } from "@/lib/pager";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Pagination } from "@/components/ui/pagination";
import { SelectField } from "@/components/ui/field";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableHeadRow, TableRow } from "@/components/ui/table";
import { VerifyByNote } from "@/components/company/verify-by-note";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { DirectorPanel, INDIVIDUALS_HEADING_ID } from "./director-panel";

const ALL = "all";

/**
 * The client's individuals, one page of 25 at a time (a client may have thousands): a status filter
 * ('All individual statuses' or one status), an option to show deleted ones, and per individual an
 * expandable panel with everything about them. Under each one's status, their verify-by date (or
 * that it has passed) while they are still to be verified. The filter, the option and the page
 * live in the URL (`individualsStatus`, `individualsDeleted`, `individualsPage`) and the server
 * sends only that page.
 */
export function DirectorsSection({
  directors,
  pager,
  totals,
  status: statusFilter,
  showDeleted,
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
  status: DirectorStatus | null;
  showDeleted: boolean;
  clientUnitPrice: number | null;
  countries: OptionItem[];
  /** Each individual's Companies House register findings (lib/server/companies-house/register-check-findings.ts), by id. */
  registerFindings?: Record<number, RegisterFindings>;
}) {
  const t = useTranslations("clientDetail.directors");
  const ts = useTranslations("statuses.director");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [, startTransition] = useTransition();
  // Shown at once while the server sends the new page (the props follow the URL).
  const [status, setStatus] = useOptimistic<typeof ALL | DirectorStatus>(statusFilter ?? ALL);
  const [showDeletedNow, setShowDeletedNow] = useOptimistic(showDeleted);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // After a deletion, focus goes to the list's heading once the refreshed list shows it deleted
  // (the director's panel, and the dialog in it, may be gone by then).
  const deletedId = useRef<number | null>(null);
  const onDeleted = useCallback((id: number) => {
    deletedId.current = id;
  }, []);
  useEffect(() => {
    // Shown as deleted, or gone from the list (deleted ones hidden).
    if (deletedId.current !== null && !directors.some((d) => d.id === deletedId.current && !d.isDeleted)) {
      deletedId.current = null;
      document.getElementById(INDIVIDUALS_HEADING_ID)?.focus();
    }
  }, [directors]);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, "");

  const names = useMemo(() => new Map(countries.map((c) => [c.value, c.label])), [countries]);
  const countryName = useCallback((code: string | null) => (code ? (names.get(code) ?? code) : null), [names]);

  const deletedCount = totals.deleted;
  const shown = directors;
  const total = showDeleted ? totals.all : totals.all - deletedCount;

  /** The page's URL with the list's view changed (the rest of the query kept); a new filter starts at page 1. */
  const hrefWith = (change: { status?: typeof ALL | DirectorStatus; showDeleted?: boolean; page?: number }) => {
    const params = new URLSearchParams(searchParams.toString());
    const nextStatus = change.status ?? status;
    const nextDeleted = change.showDeleted ?? showDeleted;
    const page = change.page ?? 1;
    if (nextStatus === ALL) params.delete("individualsStatus");
    else params.set("individualsStatus", nextStatus);
    if (nextDeleted) params.set("individualsDeleted", "1");
    else params.delete("individualsDeleted");
    if (page > 1) params.set("individualsPage", String(page));
    else params.delete("individualsPage");
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  const navigate = (change: Parameters<typeof hrefWith>[0], optimistic: () => void) =>
    startTransition(() => {
      optimistic();
      router.replace(hrefWith(change), { scroll: false });
    });
  const money = useMoney("—");

  // The badge never wraps by itself; in a narrow column it must.
  const statusOf = (d: ClientDetailDirector) => (
    <>
      <span className="[&>span]:whitespace-normal">
        <StatusBadge kind="director" status={d.status} />
      </span>
      {d.statusOverride ? <span className="block text-sm text-ink-muted">{t("overridden")}</span> : null}
      {registerFindings[d.id]?.latest?.open ? <span className="block text-sm font-semibold text-danger">{t("registerOpen")}</span> : null}
      <VerifyByNote deadline={d.verifyBy} className="mt-1 block" />
    </>
  );

  function toggle(id: number) {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  if (!totals.all) return <p>{t("empty")}</p>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <SelectField label={t("filterLabel")} value={status} onChange={(e) => {
            const next = e.target.value as typeof status;
            navigate({ status: next }, () => setStatus(next));
          }} className="sm:w-72">
          <option value={ALL}>{t("allStatuses")}</option>
          {directorStatusLifecycleOrder.map((s) => (
            <option key={s} value={s}>
              {ts(s)}
            </option>
          ))}
        </SelectField>
        {deletedCount ? (
          <div className="flex min-h-11 items-center gap-3">
            <input id={`${baseId}-deleted`} type="checkbox" className="size-5 accent-navy-900" checked={showDeletedNow}
              onChange={(e) => {
                const next = e.target.checked;
                navigate({ showDeleted: next }, () => setShowDeletedNow(next));
              }} />
            <label htmlFor={`${baseId}-deleted`} className="font-semibold">
              {t("showDeleted")}
            </label>
          </div>
        ) : null}
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {t("countShown", { shown: pager.totalCount, total })}
      </p>
      {pager.totalCount === 0 ? (
        <p>{t("noMatch")}</p>
      ) : (
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
            {shown.map((d) => {
              const open = expanded.has(d.id);
              const panelId = `${baseId}-director-${d.id}`;
              return (
                <Fragment key={d.id}>
                  <TableRow data-testid={`director-row-${d.id}`}>
                    <TableCell label={t("name")}>
                      <span className="font-semibold break-words">{d.name}</span>
                      <span className="block text-sm break-all text-ink-muted">{d.email}</span>
                      {d.isDeleted ? <span className="mt-1 inline-block rounded-full border border-danger px-2 text-sm font-semibold text-danger">{t("deleted")}</span> : null}
                    </TableCell>
                    <TableCell label={t("reference")} className="font-mono sm:max-md:hidden">
                      {d.reference}
                    </TableCell>
                    <TableCell label={t("status")}>{statusOf(d)}</TableCell>
                    <TableCell label={t("price")} className="sm:whitespace-nowrap">
                      {money(d.priceOverride ?? clientUnitPrice)}
                      {d.priceOverride !== null ? <span className="block text-sm text-ink-muted">{t("priceOverridden")}</span> : null}
                    </TableCell>
                    <TableCell className="pr-0 sm:text-right">
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-controls={panelId}
                        onClick={() => toggle(d.id)}
                        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold text-brand-link underline underline-offset-2 hover:text-brand-link-hover"
                      >
                        {open ? t("hideDetails") : t("showDetails")}
                        <span className="sr-only"> {t("detailsFor", { name: d.name })}</span>
                      </button>
                    </TableCell>
                  </TableRow>
                  <tr role="row" id={panelId} hidden={!open} className="border-b-2 border-line">
                    <TableCell colSpan={5} className="px-0 pt-0 pb-4 sm:px-2">
                      {open ? (
                        <section aria-labelledby={`${panelId}-title`} className="min-w-0">
                          <h3 id={`${panelId}-title`} className="mt-2 text-xl font-bold">
                            {d.name}
                          </h3>
                          <DirectorPanel director={d} clientUnitPrice={clientUnitPrice} countries={countries} countryName={countryName} onDeleted={onDeleted} registerFindings={registerFindings[d.id]} />
                        </section>
                      ) : null}
                    </TableCell>
                  </tr>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Pagination pager={pager} hrefFor={(page) => `${hrefWith({ page })}#individuals-title`} label={t("pagesLabel")} />
    </div>
  );
}
