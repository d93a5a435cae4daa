"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/dates/format-date";
import { sameRegisterLink, type RegisterLink } from "@/lib/domain/register-people";
import type { LookupPerson } from "./use-company-lookup";

export interface RegisterPeoplePickerProps {
  /** The company as registered ("HARTWELL HOLDINGS LIMITED"). */
  companyName: string;
  people: LookupPerson[];
  /** The register entries of the individuals listed now (a ticked person has a row with theirs). */
  picked: readonly (RegisterLink | undefined)[];
  /** One-off solution: one individual in all. */
  oneOff: boolean;
  /** Whether some row that is not a picked person is filled in (one-off: then nobody else can be ticked). */
  otherRowFilled: boolean;
  onTick: (person: LookupPerson) => void;
  onUntick: (person: LookupPerson) => void;
}

/**
 * The company's people at Companies House as tick boxes ("James Edward Whitaker — Director,
 * appointed 3 February 2015"): ticking one adds them to the individuals with their name filled in,
 * unticking removes that row. Whether a person is ticked is read from the rows, so removing their row
 * unticks them. The one-off solution verifies one individual: once one is chosen (ticked or typed),
 * the others' boxes are disabled and a note says why.
 */
export function RegisterPeoplePicker({ companyName, people, picked, oneOff, otherRowFilled, onTick, onUntick }: RegisterPeoplePickerProps) {
  const t = useTranslations("requestForm.register");
  const locale = useLocale();
  const id = useId();
  const ticked = (person: LookupPerson) => picked.some((link) => sameRegisterLink(link, person.register));
  const anyTicked = people.some(ticked);
  const full = oneOff && (anyTicked || otherRowFilled);

  if (!people.length) return <p className="max-w-prose">{t("none", { name: companyName })}</p>;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={full ? `${id}-note` : undefined}>
      <legend className="mb-1 font-semibold text-ink">{t("legend", { name: companyName })}</legend>
      {full ? (
        <p id={`${id}-note`} className="text-sm text-ink-muted">
          {t("oneOffNote")}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2" data-testid="register-people">
        {people.map((person) => {
          const checked = ticked(person);
          const date = formatDate(person.appointedOn, locale);
          const text = date
            ? t(person.kind === "psc" ? "notified" : "appointed", { name: person.displayName, role: person.role, date })
            : t("noDate", { name: person.displayName, role: person.role });
          return (
            <li key={person.key}>
              <label className="flex items-start gap-3 has-[:disabled]:text-ink-muted">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-navy-900"
                  checked={checked}
                  disabled={full && !checked}
                  onChange={(event) => (event.target.checked ? onTick(person) : onUntick(person))}
                />
                <span>{text}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
