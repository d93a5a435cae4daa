"use client";

import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { directorStatusValues, type DirectorStatus } from "@/db/schema/enums";
import type { OptionItem } from "@/lib/countries";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import { SelectField } from "@/components/ui/field";
import { StatusBadge } from "@/components/ui/status-badge";
import { DirectorPanel, INDIVIDUALS_HEADING_ID } from "./director-panel";

const ALL = "all";

/**
 * The client's individuals: a status filter ('All individual statuses' or one status), an option to
 * show deleted ones, and per individual an expandable panel with everything about them.
 */
export function DirectorsSection({ directors, clientUnitPrice, countries }: { directors: ClientDetailDirector[]; clientUnitPrice: number | null; countries: OptionItem[] }) {
  const t = useTranslations("clientDetail.directors");
  const ts = useTranslations("statuses.director");
  const format = useFormatter();
  const [status, setStatus] = useState<typeof ALL | DirectorStatus>(ALL);
  const [showDeleted, setShowDeleted] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // After a deletion, focus goes to the list's heading once the refreshed list shows it deleted
  // (the director's panel, and the dialog in it, may be gone by then).
  const deletedId = useRef<number | null>(null);
  const onDeleted = useCallback((id: number) => {
    deletedId.current = id;
  }, []);
  useEffect(() => {
    if (deletedId.current !== null && directors.some((d) => d.id === deletedId.current && d.isDeleted)) {
      deletedId.current = null;
      document.getElementById(INDIVIDUALS_HEADING_ID)?.focus();
    }
  }, [directors]);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, "");

  const names = useMemo(() => new Map(countries.map((c) => [c.value, c.label])), [countries]);
  const countryName = useCallback((code: string | null) => (code ? (names.get(code) ?? code) : null), [names]);

  const deletedCount = directors.filter((d) => d.isDeleted).length;
  const shown = directors.filter((d) => (showDeleted || !d.isDeleted) && (status === ALL || d.status === status));
  const total = showDeleted ? directors.length : directors.length - deletedCount;
  const money = (pence: number | null) => (pence === null ? "—" : format.number(pence / 100, { style: "currency", currency: "GBP" }));

  // The badge never wraps by itself; in a narrow column it must.
  const statusOf = (d: ClientDetailDirector) => (
    <>
      <span className="[&>span]:whitespace-normal">
        <StatusBadge kind="director" status={d.status} />
      </span>
      {d.statusOverride ? <span className="block text-sm text-ink-muted">{t("overridden")}</span> : null}
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

  if (!directors.length) return <p>{t("empty")}</p>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <SelectField label={t("filterLabel")} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} className="sm:w-72">
          <option value={ALL}>{t("allStatuses")}</option>
          {directorStatusValues.map((s) => (
            <option key={s} value={s}>
              {ts(s)}
            </option>
          ))}
        </SelectField>
        {deletedCount ? (
          <div className="flex min-h-11 items-center gap-3">
            <input id={`${baseId}-deleted`} type="checkbox" className="size-5 accent-navy-900" checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />
            <label htmlFor={`${baseId}-deleted`} className="font-semibold">
              {t("showDeleted")}
            </label>
          </div>
        ) : null}
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {t("countShown", { shown: shown.length, total })}
      </p>
      {shown.length === 0 ? (
        <p>{t("noMatch")}</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-left">
          <thead>
            <tr className="border-b-2 border-line">
              <th scope="col" className="py-2 pr-3">{t("name")}</th>
              <th scope="col" className="hidden w-32 py-2 pr-3 md:table-cell">{t("reference")}</th>
              <th scope="col" className="hidden w-52 py-2 pr-3 sm:table-cell">{t("status")}</th>
              <th scope="col" className="hidden w-28 py-2 pr-3 sm:table-cell">{t("price")}</th>
              <th scope="col" className="w-28 py-2">
                <span className="sr-only">{t("details")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => {
              const open = expanded.has(d.id);
              const panelId = `${baseId}-director-${d.id}`;
              return (
                <Fragment key={d.id}>
                  <tr className="border-b border-line-soft align-top" data-testid={`director-row-${d.id}`}>
                    <td className="py-2 pr-3">
                      <span className="font-semibold break-words">{d.name}</span>
                      <span className="block text-sm break-all text-ink-muted">{d.email}</span>
                      {d.isDeleted ? <span className="mt-1 inline-block rounded-full border border-danger px-2 text-sm font-semibold text-danger">{t("deleted")}</span> : null}
                      <span className="mt-1 block sm:hidden">{statusOf(d)}</span>
                    </td>
                    <td className="hidden py-2 pr-3 font-mono md:table-cell">{d.reference}</td>
                    <td className="hidden py-2 pr-3 sm:table-cell">{statusOf(d)}</td>
                    <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                      {money(d.priceOverride ?? clientUnitPrice)}
                      {d.priceOverride !== null ? <span className="block text-sm text-ink-muted">{t("priceOverridden")}</span> : null}
                    </td>
                    <td className="py-2 text-right">
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
                    </td>
                  </tr>
                  <tr id={panelId} hidden={!open} className="border-b-2 border-line">
                    <td colSpan={5} className="px-0 pb-4 sm:px-2">
                      {open ? (
                        <section aria-labelledby={`${panelId}-title`} className="min-w-0">
                          <h3 id={`${panelId}-title`} className="mt-2 text-xl font-bold">
                            {d.name}
                          </h3>
                          <DirectorPanel director={d} clientUnitPrice={clientUnitPrice} countries={countries} countryName={countryName} onDeleted={onDeleted} />
                        </section>
                      ) : null}
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
