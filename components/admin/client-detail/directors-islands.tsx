"use client";

import { createContext, use, useCallback, useEffect, useId, useMemo, useOptimistic, useRef, useState, useTransition, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { directorStatusLifecycleOrder, type DirectorStatus } from "@/lib/domain/values";
import type { OptionItem } from "@/lib/countries";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { SelectField } from "@/components/ui/field";
import { TableCell, TableRow } from "@/components/ui/table";
import { directorsViewQuery, INDIVIDUALS_HEADING_ID, type DirectorsView } from "./directors-view";

const ALL = "all";

/*
 * An individual's panel (their details, history, media, audit and every action with its dialogs)
 * loads when staff first reach for one, not with the page: the page shows 25 closed rows.
 */
const loadPanel = () => import("./director-panel").then((m) => m.DirectorPanel);
const DirectorPanel = dynamic(loadPanel, { loading: PanelLoading });
/** Fetches the panel's code ahead of the click (a failure here is left to the click to show). */
const preloadPanel = () => void loadPanel().catch(() => {});

function PanelLoading() {
  const t = useTranslations("clientDetail.directors");
  return (
    <p role="status" className="py-2 text-ink-muted">
      {t("loadingDetails")}
    </p>
  );
}

/** The status filter and the option to show deleted individuals; a change replaces the page's address (page 1). */
export function DirectorsFilter({ view, deletedCount }: { view: DirectorsView; deletedCount: number }) {
  const t = useTranslations("clientDetail.directors");
  const ts = useTranslations("statuses.director");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [, startTransition] = useTransition();
  // Shown at once while the server sends the new page (the props follow the address).
  const [status, setStatus] = useOptimistic<typeof ALL | DirectorStatus>(view.status ?? ALL);
  const [showDeleted, setShowDeleted] = useOptimistic(view.showDeleted);
  const checkboxId = useId();

  const navigate = (next: { status: typeof ALL | DirectorStatus; showDeleted: boolean }, optimistic: () => void) =>
    startTransition(() => {
      optimistic();
      const query = directorsViewQuery(new URLSearchParams(searchParams.toString()), { status: next.status === ALL ? null : next.status, showDeleted: next.showDeleted, page: 1 });
      router.replace(`${pathname}${query}`, { scroll: false });
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <SelectField
        label={t("filterLabel")}
        value={status}
        onChange={(e) => {
          const next = e.target.value as typeof status;
          navigate({ status: next, showDeleted }, () => setStatus(next));
        }}
        className="sm:w-72"
      >
        <option value={ALL}>{t("allStatuses")}</option>
        {directorStatusLifecycleOrder.map((s) => (
          <option key={s} value={s}>
            {ts(s)}
          </option>
        ))}
      </SelectField>
      {deletedCount ? (
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            className="size-5 accent-navy-900"
            checked={showDeleted}
            onChange={(e) => {
              const next = e.target.checked;
              navigate({ status, showDeleted: next }, () => setShowDeleted(next));
            }}
          />
          <label htmlFor={checkboxId} className="font-semibold">
            {t("showDeleted")}
          </label>
        </div>
      ) : null}
    </div>
  );
}

interface DirectorsListContext {
  baseId: string;
  clientUnitPrice: number | null;
  countries: OptionItem[];
  countryName: (code: string | null) => string | null;
  onDeleted: (directorId: number) => void;
}

const ListContext = createContext<DirectorsListContext | null>(null);

/**
 * What the rows' panels share: the countries, the client's price, and the focus after a deletion,
 * which goes to the list's heading once the refreshed list shows the individual deleted or gone (the
 * panel, and the dialog in it, may be gone by then).
 */
export function DirectorsList({ liveIds, clientUnitPrice, countries, children }: { liveIds: number[]; clientUnitPrice: number | null; countries: OptionItem[]; children: ReactNode }) {
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const deletedId = useRef<number | null>(null);
  const onDeleted = useCallback((id: number) => {
    deletedId.current = id;
  }, []);
  useEffect(() => {
    if (deletedId.current !== null && !liveIds.includes(deletedId.current)) {
      deletedId.current = null;
      document.getElementById(INDIVIDUALS_HEADING_ID)?.focus();
    }
  }, [liveIds]);
  const countryName = useMemo(() => {
    const names = new Map(countries.map((c) => [c.value, c.label]));
    return (code: string | null) => (code ? (names.get(code) ?? code) : null);
  }, [countries]);
  const value = useMemo(() => ({ baseId, clientUnitPrice, countries, countryName, onDeleted }), [baseId, clientUnitPrice, countries, countryName, onDeleted]);
  return <ListContext value={value}>{children}</ListContext>;
}

/**
 * One individual's row (its cells rendered on the server, as `children`), with the button that
 * shows or hides their panel in the row below.
 */
export function DirectorRow({ director, registerFindings, children }: { director: ClientDetailDirector; registerFindings?: RegisterFindings; children: ReactNode }) {
  const t = useTranslations("clientDetail.directors");
  const list = use(ListContext);
  if (!list) throw new Error("DirectorRow outside DirectorsList");
  const [open, setOpen] = useState(false);
  const panelId = `${list.baseId}-director-${director.id}`;
  return (
    <>
      <TableRow data-testid={`director-row-${director.id}`}>
        {children}
        <TableCell className="pr-0 sm:text-right">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
            // The panel's code is fetched as soon as a pointer or the focus comes to the button.
            onPointerEnter={preloadPanel}
            onFocus={preloadPanel}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold text-brand-link underline underline-offset-2 hover:text-brand-link-hover"
          >
            {open ? t("hideDetails") : t("showDetails")}
            <span className="sr-only"> {t("detailsFor", { name: director.name })}</span>
          </button>
        </TableCell>
      </TableRow>
      <tr role="row" id={panelId} hidden={!open} className="border-b-2 border-line">
        <TableCell colSpan={5} className="px-0 pt-0 pb-4 sm:px-2">
          {open ? (
            <section aria-labelledby={`${panelId}-title`} className="min-w-0">
              <h3 id={`${panelId}-title`} className="mt-2 text-xl font-bold">
                {director.name}
              </h3>
              <DirectorPanel
                director={director}
                clientUnitPrice={list.clientUnitPrice}
                countries={list.countries}
                countryName={list.countryName}
                onDeleted={list.onDeleted}
                registerFindings={registerFindings}
              />
            </section>
          ) : null}
        </TableCell>
      </tr>
    </>
  );
}
