"use client";

import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import type { Journey } from "@/lib/domain/values";
import type { OptionItem } from "@/lib/countries";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { formatDate } from "@/lib/dates/format-date";
import { compactIdentifier } from "@/lib/schemas/uk-identifiers";
import { fieldId } from "@/components/ui/field";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { SERVICE_OPTION_FIRST_ID } from "./service-option";

/** The steps of the request form that hold answers (the last step is this check). */
export type AnswerStep = "company" | "individuals" | "contacts" | "billing";

interface Row {
  key: string;
  label: string;
  value: ReactNode;
  step: AnswerStep;
  /** The control the Change link goes back to. */
  controlId: string;
}

/** A label inside a sentence ("Change company number"), acronyms kept ("Change VAT"). */
const inSentence = (label: string) => (/^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * "Check your answers" (GOV.UK summary list): every answer of the request under its step's heading,
 * each with a Change link back to its step and field. Answers are kept: the form holds them all.
 */
export function CheckAnswers({ scope, journey, countries, apIsMain, onChange }: { scope: string; journey: Journey; countries: OptionItem[]; apIsMain: boolean; onChange: (step: AnswerStep, controlId: string) => void }) {
  const t = useTranslations("requestForm");
  const locale = useLocale();
  const { control } = useFormContext<OnboardingRequestInput>();
  const v = useWatch({ control }) as Partial<OnboardingRequestInput>;
  const id = (path: string) => fieldId(scope, path);
  const none = t("check.notGiven");
  const lines = (...parts: unknown[]) => {
    const given = parts.map(text).filter(Boolean);
    return given.length ? given.map((p, i) => <span key={i} className="block">{p}</span>) : none;
  };
  const country = countries.find((c) => c.value === text(v.billingAddressCountry).toUpperCase())?.label ?? text(v.billingAddressCountry);
  const individuals = (v.individuals ?? []).filter((row) => text(row?.name) || text(row?.email));

  const groups: { step: AnswerStep; title: string; rows: (Row | false)[] }[] = [
    {
      step: "company",
      title: t("steps.company"),
      rows: [
        journey === "Existing" && { key: "customerCode", label: t("company.customerCode"), value: text(v.customerCode) || none, step: "company", controlId: id("customerCode") },
        { key: "companyName", label: t("company.name"), value: text(v.company?.name) || none, step: "company", controlId: id("company.name") },
        { key: "companyId", label: t("company.companyId"), value: compactIdentifier(text(v.company?.companyId)) || none, step: "company", controlId: id("company.companyId") },
        { key: "productTier", label: t("serviceOption.title"), value: v.productTier ? t(`serviceOption.${v.productTier}.label`) : none, step: "company", controlId: SERVICE_OPTION_FIRST_ID },
      ],
    },
    {
      step: "individuals",
      title: t("steps.individuals"),
      rows: [
        {
          key: "individuals",
          label: t("check.individuals", { count: individuals.length }),
          value: individuals.length ? (
            <ul className="space-y-1">
              {individuals.map((row, i) => (
                <li key={i}>
                  {text(row?.name)} <span className="break-all text-ink-muted">{text(row?.email)}</span>
                </li>
              ))}
            </ul>
          ) : (
            none
          ),
          step: "individuals",
          controlId: id("individuals.0.name"),
        },
        { key: "verifyBy", label: t("individuals.verifyBy"), value: v.verifyBy ? formatDate(text(v.verifyBy), locale) : none, step: "individuals", controlId: id("verifyBy") },
      ],
    },
    {
      step: "contacts",
      title: t("steps.contacts"),
      rows: [
        { key: "mainContact", label: t("mainContact.title"), value: lines(`${text(v.mainContactFirstName)} ${text(v.mainContactLastName)}`, v.mainContactEmail, v.mainContactTelephone), step: "contacts", controlId: id("mainContactFirstName") },
        {
          key: "accountsPayable",
          label: t("accountsPayable.title"),
          value: apIsMain ? t("accountsPayable.sameAsMainAnswer") : lines(`${text(v.accountPayableContactFirstName)} ${text(v.accountPayableContactLastName)}`, v.accountPayableContactEmail, v.accountPayableContactTelephone),
          step: "contacts",
          controlId: apIsMain ? "request-ap-same" : id("accountPayableContactFirstName"),
        },
      ],
    },
    {
      step: "billing",
      title: t("steps.billing"),
      rows: [
        { key: "billingEntityName", label: t("billing.entityName"), value: text(v.billingEntityName) || none, step: "billing", controlId: id("billingEntityName") },
        {
          key: "billingAddress",
          label: t("check.billingAddress"),
          value: lines(v.billingAddressLine1, v.billingAddressLine2, v.billingAddressCity, v.billingAddressState, v.billingAddressPostCode, country),
          step: "billing",
          controlId: id("billingAddressLine1"),
        },
        { key: "vat", label: t("vat.title"), value: v.vatExempt ? t("check.vatExempt") : compactIdentifier(text(v.vatNumber)) || none, step: "billing", controlId: id("vatNumber") },
        { key: "purchaseOrder", label: t("purchaseOrder.label"), value: text(v.purchaseOrderInfo) || none, step: "billing", controlId: id("purchaseOrderInfo") },
      ],
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <section key={group.step} aria-labelledby={`check-${group.step}`} className="flex flex-col gap-3 rounded-lg border border-line-soft bg-white p-5 shadow-sm sm:p-6">
          <h3 id={`check-${group.step}`} className="text-lg font-bold">
            {group.title}
          </h3>
          <dl className="divide-y divide-line-soft" data-testid={`check-${group.step}`}>
            {group.rows.map((row) =>
              row ? (
                <div key={row.key} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_max-content] sm:gap-4">
                  <dt className="font-semibold">{row.label}</dt>
                  <dd className="min-w-0 break-words">{row.value}</dd>
                  <dd>
                    <a
                      href={`#${row.controlId}`}
                      className="font-semibold text-navy-900 underline underline-offset-2"
                      onClick={(event) => {
                        event.preventDefault();
                        onChange(row.step, row.controlId);
                      }}
                    >
                      {t("check.change")}
                      <VisuallyHidden>{` ${inSentence(row.label)}`}</VisuallyHidden>
                    </a>
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
        </section>
      ))}
    </div>
  );
}
