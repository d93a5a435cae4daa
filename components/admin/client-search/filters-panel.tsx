"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, SelectField } from "@/components/ui/field";
import { SelectOptions } from "@/components/ui/form/parts";
import {
  activeFilterCount,
  DATE_FILTER_KEYS,
  DAY_FILTER_KEYS,
  PENCE_FILTER_KEYS,
  type SearchFilters,
  type SearchState,
} from "@/lib/schemas/client-search-params";
import { useClientSearch } from "./search-context";

export interface OptionItem {
  value: string;
  label: string;
}

export interface FilterOptions {
  productTiers: OptionItem[];
  clientStatuses: OptionItem[];
  directorStatuses: OptionItem[];
  /** Staff emails a client can be assigned to. */
  owners: OptionItem[];
}

type Errors = Partial<Record<string, string>>;

const TEXT_FIELDS = [
  ["name", "name"],
  ["reference", "reference"],
  ["companyId", "companyId"],
  ["sageId", "sageId"],
  ["mainContact", "mainContact"],
  ["kantataReference", "kantataReference"],
] as const;

const PRICE_RANGES = [
  ["priceFrom", "priceTo", "price"],
  ["fullPriceFrom", "fullPriceTo", "fullPrice"],
] as const;

const DATE_RANGES = [
  ["createdAtFrom", "createdAtTo", "createdAt"],
  ["updatedAtFrom", "updatedAtTo", "updatedAt"],
] as const;

const poundsOf = (pence: number | undefined) => (pence === undefined ? "" : (pence / 100).toFixed(2));
const dayOf = (value: string | undefined) => (value ? value.slice(0, 10) : "");

/** Reads the form into filters, with the errors of what cannot be read. */
function readForm(form: HTMLFormElement): { filters: SearchFilters; includeDeleted: boolean; errors: Errors } {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim() || undefined;
  const errors: Errors = {};
  const filters: SearchFilters = {};
  for (const [key] of TEXT_FIELDS) filters[key] = text(key);
  filters.individual = text("individual");
  filters.individualReference = text("individualReference");
  filters.productTier = text("productTier");
  filters.status = text("clientStatus");
  filters.individualStatus = text("individualStatus");
  filters.owner = text("owner");
  const inKantata = text("inKantata");
  filters.inKantata = inKantata === undefined ? undefined : inKantata === "true";
  for (const key of DATE_FILTER_KEYS) {
    const v = text(key);
    if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) errors[key] = "invalidDate";
    filters[key] = v;
  }
  for (const key of PENCE_FILTER_KEYS) {
    const v = text(key)?.replace(/^£/, "").replace(/,/g, "");
    if (v === undefined) continue;
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(v)) errors[key] = "invalidPounds";
    else filters[key] = Math.round(Number(v) * 100);
  }
  for (const key of DAY_FILTER_KEYS) {
    const v = text(key);
    if (v === undefined) continue;
    if (!/^\d{1,4}$/.test(v) || Number(v) > 3650) errors[key] = "invalidDays";
    else filters[key] = Number(v);
  }
  for (const [from, to] of [...PRICE_RANGES, ...DATE_RANGES]) {
    const a = filters[from];
    const b = filters[to];
    if (a !== undefined && b !== undefined && !errors[from] && !errors[to] && a > b) errors[to] = "range";
  }
  for (const key of Object.keys(filters) as (keyof SearchFilters)[]) if (filters[key] === undefined) delete filters[key];
  return { filters, includeDeleted: data.get("includeDeleted") === "true", errors };
}

/** The filters of the client list: a collapsible form; applying it starts again at page 1. */
export function FiltersPanel({ options }: { options: FilterOptions }) {
  const t = useTranslations("clientSearch.filters");
  const te = useTranslations("clientSearch.errors");
  const { state, navigate } = useClientSearch();
  const [errors, setErrors] = useState<Errors>({});
  const f = state.filters;
  const count = activeFilterCount(state);
  const error = (key: string) => (errors[key] ? te(errors[key] as never) : undefined);
  const owners = f.owner && !options.owners.some((o) => o.value.toLowerCase() === f.owner!.toLowerCase()) ? [...options.owners, { value: f.owner, label: f.owner }] : options.owners;

  function apply(next: Pick<SearchState, "filters" | "includeDeleted">) {
    navigate({ ...state, ...next, pagerModel: { ...state.pagerModel, currentPage: 1 } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readForm(event.currentTarget);
    setErrors(read.errors);
    const invalid = Object.keys(read.errors);
    if (invalid.length > 0) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus();
      return;
    }
    apply({ filters: read.filters, includeDeleted: read.includeDeleted });
  }

  function clear() {
    setErrors({});
    apply({ filters: {}, includeDeleted: false });
  }

  // Remount the form when the filters change from outside, so its fields show them.
  const formKey = JSON.stringify([f, state.includeDeleted]);

  return (
    <details className="group rounded-md border border-line-soft bg-navy-50" open={count > 0 ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 font-semibold text-navy-900">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 transition-transform group-open:rotate-90" fill="currentColor">
          <path d="M7 4l7 6-7 6V4z" />
        </svg>
        {t("title")}
        <span className="font-normal text-ink-muted">{t("applied", { count })}</span>
      </summary>
      <form key={formKey} noValidate onSubmit={onSubmit} aria-label={t("title")} className="border-t border-line-soft p-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TEXT_FIELDS.map(([key]) => (
            <Field key={key} label={t(key)} name={key} defaultValue={f[key] ?? ""} maxLength={200} autoComplete="off" />
          ))}
          <SelectField label={t("productTier")} name="productTier" defaultValue={f.productTier ?? ""}>
            <SelectOptions items={options.productTiers} empty={t("any")} />
          </SelectField>
          <SelectField label={t("clientStatus")} name="clientStatus" defaultValue={f.status ?? ""}>
            <SelectOptions items={options.clientStatuses} empty={t("any")} />
          </SelectField>
          <SelectField label={t("owner")} name="owner" defaultValue={owners.find((o) => o.value.toLowerCase() === f.owner?.toLowerCase())?.value ?? ""}>
            <SelectOptions items={owners.map((o) => ({ value: o.value, label: o.label === o.value ? o.value : `${o.label} (${o.value})` }))} empty={t("any")} />
          </SelectField>
          <SelectField label={t("inKantata")} name="inKantata" defaultValue={f.inKantata === undefined ? "" : String(f.inKantata)}>
            <option value="">{t("any")}</option>
            <option value="true">{t("yes")}</option>
            <option value="false">{t("no")}</option>
          </SelectField>
          {DATE_RANGES.map(([from, to, label]) => (
            <fieldset key={label} className="flex flex-col gap-2 sm:col-span-2">
              <legend className="font-semibold">{t(label)}</legend>
              <div className="grid grid-cols-2 gap-3">
                <Field label={t("from")} name={from} type="date" defaultValue={dayOf(f[from])} error={error(from)} />
                <Field label={t("to")} name={to} type="date" defaultValue={dayOf(f[to])} error={error(to)} />
              </div>
            </fieldset>
          ))}
          {PRICE_RANGES.map(([from, to, label]) => (
            <fieldset key={label} className="flex flex-col gap-2 sm:col-span-2">
              <legend className="font-semibold">{t(label)}</legend>
              <div className="grid grid-cols-2 gap-3">
                <Field label={t("fromPounds")} name={from} inputMode="decimal" defaultValue={poundsOf(f[from])} error={error(from)} autoComplete="off" />
                <Field label={t("toPounds")} name={to} inputMode="decimal" defaultValue={poundsOf(f[to])} error={error(to)} autoComplete="off" />
              </div>
            </fieldset>
          ))}
          <Field label={t("individual")} name="individual" defaultValue={f.individual ?? ""} maxLength={200} autoComplete="off" />
          <Field label={t("individualReference")} name="individualReference" defaultValue={f.individualReference ?? ""} maxLength={200} autoComplete="off" />
          <SelectField label={t("individualStatus")} name="individualStatus" defaultValue={f.individualStatus ?? ""}>
            <SelectOptions items={options.directorStatuses} empty={t("any")} />
          </SelectField>
          <Field
            label={t("verifyWithinDays")}
            hint={t("verifyWithinDaysHint")}
            name="verifyWithinDays"
            inputMode="numeric"
            defaultValue={f.verifyWithinDays === undefined ? "" : String(f.verifyWithinDays)}
            error={error("verifyWithinDays")}
            autoComplete="off"
          />
          <div className="flex items-end">
            <label className="flex min-h-11 items-center gap-2 font-semibold">
              <input type="checkbox" name="includeDeleted" value="true" defaultChecked={state.includeDeleted} className="size-5" />
              {t("includeDeleted")}
            </label>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit">{t("apply")}</Button>
          <Button type="button" variant="secondary" onClick={clear}>
            {t("clear")}
          </Button>
        </div>
      </form>
    </details>
  );
}
