import Link from "next/link";
import { useTranslations } from "next-intl";
import { auditTypeValues } from "@/db/schema";
import { Field, SelectField } from "@/components/ui/field";
import { SelectOptions } from "@/components/ui/form/parts";
import { buttonClassName } from "@/components/ui/button-styles";
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, auditEntityTypes, auditErrorTypes } from "@/lib/schemas/audit-query";
import { auditHref } from "./audit-url";

type FieldErrors = Record<string, string[] | undefined>;

/**
 * The audit filters: a plain GET form, so the filters live in the URL and work without JavaScript.
 * Applying them starts again at page 1.
 */
export function AuditFilters({ values, errors = {} }: { values: Record<string, string>; errors?: FieldErrors }) {
  const t = useTranslations("auditArea");
  const errorOf = (name: string) => {
    const key = errors[name]?.[0];
    return key ? (t.has(`fieldErrors.${key}` as never) ? t(`fieldErrors.${key}` as never) : t("fieldErrors.invalid")) : undefined;
  };
  const selectedType = values.errorsOnly === "true" && !values.auditType ? "errors" : (values.auditType ?? "");
  const entityTypes: string[] = [...auditEntityTypes];
  if (values.entityType && !entityTypes.includes(values.entityType)) entityTypes.push(values.entityType);
  const otherTypes = auditTypeValues.filter((v) => !auditErrorTypes.includes(v));
  const errorsActive = selectedType === "errors";

  return (
    <section aria-labelledby="audit-filters-title" className="rounded-md border border-line-soft bg-navy-50 p-4">
      <h2 id="audit-filters-title" className="text-lg font-bold">
        {t("filters.title")}
      </h2>
      <nav aria-label={t("filters.quick")} className="mt-2">
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link href={auditHref({ auditType: "errors" })} aria-current={errorsActive ? "true" : undefined} className={buttonClassName({ variant: errorsActive ? "primary" : "secondary", size: "sm" })}>
              {t("filters.quickErrors")}
            </Link>
          </li>
          <li>
            <Link href={auditHref({})} className={buttonClassName({ variant: "secondary", size: "sm" })}>
              {t("filters.quickAll")}
            </Link>
          </li>
        </ul>
      </nav>
      {/* Keyed by the query: a client-side navigation (quick filter, paging) must reset the uncontrolled fields. */}
      <form key={JSON.stringify(values)} method="get" action="/administration/audit" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label={t("filters.auditType")} name="auditType" defaultValue={selectedType} error={errorOf("auditType") ?? errorOf("errorsOnly")}>
          <option value="">{t("filters.allTypes")}</option>
          <option value="errors">{t("filters.errorsOnly")}</option>
          <optgroup label={t("filters.errorGroup")}>
            <SelectOptions items={auditErrorTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </optgroup>
          <optgroup label={t("filters.otherGroup")}>
            <SelectOptions items={otherTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </optgroup>
        </SelectField>
        <SelectField label={t("filters.entityType")} name="entityType" defaultValue={values.entityType ?? ""} error={errorOf("entityType")}>
          <SelectOptions items={entityTypes.map((v) => ({ value: v, label: v }))} empty={t("filters.allEntities")} />
        </SelectField>
        <Field label={t("filters.entityId")} hint={t("filters.entityIdHint")} name="entityId" defaultValue={values.entityId ?? ""} error={errorOf("entityId")} autoComplete="off" />
        <Field label={t("filters.from")} name="from" type="date" defaultValue={(values.from ?? "").slice(0, 10)} error={errorOf("from")} />
        <Field label={t("filters.to")} name="to" type="date" defaultValue={(values.to ?? "").slice(0, 10)} error={errorOf("to")} />
        <SelectField label={t("filters.pageSize")} name="pageSize" defaultValue={values.pageSize ?? String(AUDIT_DEFAULT_PAGE_SIZE)} error={errorOf("pageSize")}>
          {AUDIT_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        {values.clientId ? <input type="hidden" name="clientId" value={values.clientId} /> : null}
        {values.directorId ? <input type="hidden" name="directorId" value={values.directorId} /> : null}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className={buttonClassName({ variant: "primary" })}>
            {t("filters.apply")}
          </button>
          <Link href={auditHref({})} className={buttonClassName({ variant: "link" })}>
            {t("filters.clear")}
          </Link>
        </div>
      </form>
    </section>
  );
}
