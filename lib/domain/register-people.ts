/*
 * A company's entry on the Companies House register, as the request form offers it. Pure.
 *
 * - Which companies can have their people verified: not one the register has closed (dissolved,
 *   converted or closed, removed).
 * - Which people the form lists: the current officers who are people (not resigned, not a company)
 *   and the current individual persons with significant control (not ceased, not a company or other
 *   legal person), one entry per person: an officer who is also a PSC (same name, same month and
 *   year of birth) or holds two appointments (same officer id) is listed once with every role.
 * - The words shown for a role or a company status are message keys, never the register's slugs.
 * - The registered office as the form's billing address, and which billing fields a look-up may
 *   fill without overwriting what the person typed.
 */
import type { Officer, PersonWithSignificantControl, RegisteredOfficeAddress } from "@/lib/integrations/companies-house/types";
import { nameCase } from "./officer-name";
import { BILLING_ADDRESS_FIELDS } from "./billing-fields";

/** The register's statuses of a company that no longer exists (or was converted and closed). */
const CLOSED_STATUSES = new Set(["dissolved", "converted-closed", "closed", "removed"]);

/** Whether the register has closed the company: its people can no longer be verified for it. */
export function isClosedCompany(company: { status: string | null; dateOfCessation?: string | null }): boolean {
  return CLOSED_STATUSES.has((company.status ?? "").toLowerCase()) || Boolean(company.dateOfCessation);
}

/**
 * The register's company statuses (Companies House's `company_status` enumeration) and the message
 * key under `companiesHouse.statuses` of each. A status not listed has no key: the caller shows a
 * generic word.
 */
const STATUS_KEYS: Record<string, string> = {
  active: "active",
  dissolved: "dissolved",
  liquidation: "liquidation",
  receivership: "receivership",
  administration: "administration",
  "voluntary-arrangement": "voluntaryArrangement",
  "converted-closed": "convertedClosed",
  "insolvency-proceedings": "insolvencyProceedings",
  registered: "registered",
  removed: "removed",
  closed: "closed",
  open: "open",
};

/** The message key (under `companiesHouse.statuses`) of a register status, or "other". */
export function statusLabelKey(status: string | null | undefined): string {
  return STATUS_KEYS[(status ?? "").toLowerCase()] ?? "other";
}

/** A role the form stores and names: an officer's role as the register writes it, or "psc". */
export type RegisterRole = string;
export const PSC_ROLE = "psc";

/** Officer roles with words of their own (under `companiesHouse.roles`); any other is an "officer". */
const ROLE_KEYS: Record<string, string> = {
  director: "director",
  secretary: "secretary",
  "llp-member": "llpMember",
  "llp-designated-member": "llpDesignatedMember",
  "nominee-director": "nomineeDirector",
  "nominee-secretary": "nomineeSecretary",
  [PSC_ROLE]: "psc",
};

/** The message key (under `companiesHouse.roles`) of a register role. */
export function roleLabelKey(role: RegisterRole): string {
  return ROLE_KEYS[role.toLowerCase()] ?? "officer";
}

/** Officers that are people and hold office now. */
export function currentOfficers(officers: readonly Officer[]): Officer[] {
  return officers.filter((o) => o.active && !o.resignedOn && !o.corporate && !o.role.startsWith("corporate-"));
}

/** Persons with significant control that are individuals (not companies, trusts or other legal persons) and still have control. */
export function currentIndividualPscs(pscs: readonly PersonWithSignificantControl[]): PersonWithSignificantControl[] {
  return pscs.filter((p) => p.active && !p.ceasedOn && !p.corporate && p.kind.startsWith("individual"));
}

/** One person of the register as the form lists them. */
export interface RegisterPerson {
  /** Stable within the company's entry: the officer id, else made from the name and birth. */
  key: string;
  /** "Forenames Surname", in people's casing. */
  displayName: string;
  /** "officer" when they hold an office (and perhaps control too), "psc" when they only have control. */
  kind: "officer" | "psc";
  /** Every role, the main one first (an office before control; a secretary after other offices). */
  roles: RegisterRole[];
  officerId: string | null;
  /** An officer's appointment, or a PSC's notification, as an ISO day. */
  appointedOn: string | null;
  birthMonth: number | null;
  birthYear: number | null;
}

/** A name compared as people would: any case, spacing and apostrophe, accents kept. */
function nameKey(name: string): string {
  return name.normalize("NFC").replace(/[’‘`]/g, "'").replace(/\s+/g, " ").trim().toLocaleLowerCase("en-GB");
}

function samePerson(a: { displayName: string; birthMonth: number | null; birthYear: number | null }, b: typeof a): boolean {
  // Without a month and year of birth on both sides, a shared name is not enough to say one person.
  if (a.birthMonth === null || a.birthYear === null) return false;
  return a.birthMonth === b.birthMonth && a.birthYear === b.birthYear && nameKey(a.displayName) === nameKey(b.displayName);
}

/** The order of roles: offices other than secretary, then secretary, then control. */
const rank = (role: RegisterRole) => (role === PSC_ROLE ? 2 : role.includes("secretary") ? 1 : 0);

/**
 * The people of a company's register entry the form offers: current officers who are people (in
 * the register's order), then current individual PSCs who are not also one of those officers. Two
 * appointments under one officer id, or an officer and a PSC with the same name and month and year
 * of birth, are one person with both roles.
 */
export function registerPeople(officers: readonly Officer[], pscs: readonly PersonWithSignificantControl[]): RegisterPerson[] {
  const people: RegisterPerson[] = [];
  for (const o of currentOfficers(officers)) {
    const candidate: RegisterPerson = {
      key: o.officerId ? `officer:${o.officerId}` : `officer:${nameKey(o.displayName)}:${o.dateOfBirth?.month ?? ""}-${o.dateOfBirth?.year ?? ""}:${o.appointedOn ?? ""}`,
      displayName: o.displayName,
      kind: "officer",
      roles: [o.role],
      officerId: o.officerId,
      appointedOn: o.appointedOn,
      birthMonth: o.dateOfBirth?.month ?? null,
      birthYear: o.dateOfBirth?.year ?? null,
    };
    const same = people.find((p) => (o.officerId && p.officerId === o.officerId) || samePerson(p, candidate));
    if (!same) {
      people.push(candidate);
      continue;
    }
    if (!same.roles.includes(o.role)) same.roles.push(o.role);
    // The main appointment is the first office that is not a secretary's.
    if (rank(o.role) < rank(same.roles[0]!)) same.appointedOn = o.appointedOn;
    same.roles.sort((a, b) => rank(a) - rank(b));
  }
  for (const p of currentIndividualPscs(pscs)) {
    const candidate: RegisterPerson = {
      key: `psc:${nameKey(p.displayName)}:${p.dateOfBirth?.month ?? ""}-${p.dateOfBirth?.year ?? ""}`,
      displayName: p.displayName,
      kind: "psc",
      roles: [PSC_ROLE],
      officerId: null,
      appointedOn: p.notifiedOn,
      birthMonth: p.dateOfBirth?.month ?? null,
      birthYear: p.dateOfBirth?.year ?? null,
    };
    const same = people.find((person) => samePerson(person, candidate));
    if (same) {
      if (!same.roles.includes(PSC_ROLE)) same.roles.push(PSC_ROLE);
      continue;
    }
    // The same PSC listed twice (a statement filed again): once.
    if (people.some((person) => person.key === candidate.key)) continue;
    people.push(candidate);
  }
  return people;
}

/** The register fields an individual picked from the register carries into the request. */
export interface RegisterLink {
  officerId?: string;
  role: RegisterRole;
  appointedOn?: string;
  birthMonth?: number;
  birthYear?: number;
}

/** What the request stores of a listed person: their main role and the register's facts. */
export function registerLinkOf(person: Pick<RegisterPerson, "officerId" | "roles" | "appointedOn" | "birthMonth" | "birthYear">): RegisterLink {
  return {
    ...(person.officerId ? { officerId: person.officerId } : {}),
    role: person.roles[0] ?? PSC_ROLE,
    ...(person.appointedOn ? { appointedOn: person.appointedOn } : {}),
    ...(person.birthMonth !== null ? { birthMonth: person.birthMonth } : {}),
    ...(person.birthYear !== null ? { birthYear: person.birthYear } : {}),
  };
}

/** Whether two register links name the same entry (the form's tick boxes find their rows by it). */
export function sameRegisterLink(a: RegisterLink | null | undefined, b: RegisterLink | null | undefined): boolean {
  if (!a || !b) return false;
  return (
    (a.officerId ?? null) === (b.officerId ?? null) &&
    a.role === b.role &&
    (a.appointedOn ?? null) === (b.appointedOn ?? null) &&
    (a.birthMonth ?? null) === (b.birthMonth ?? null) &&
    (a.birthYear ?? null) === (b.birthYear ?? null)
  );
}

// ---- the company's name and registered office --------------------------------------------------

/** Words of a company name kept in capitals. */
const ACRONYMS = new Set(["PLC", "LLP", "LP", "CIC", "UK", "GB", "EU", "USA", "NHS", "IT", "PR", "TV", "HR", "CIO", "SE", "UKI"]);
/** Small words written in small letters inside a name. */
const SMALL_WORDS = new Set(["and", "of", "the", "for", "in", "on", "at", "to", "a", "an", "by", "de", "du", "la", "le"]);

/**
 * A registered company name ("CALDER & FINCH CONSULTING LTD") in people's casing ("Calder & Finch
 * Consulting Ltd"): legal abbreviations such as PLC and LLP and words with digits stay as written.
 * A name the register already writes in mixed case is kept.
 */
export function companyDisplayName(registered: string): string {
  const name = registered.trim().replace(/\s+/g, " ");
  if (name !== name.toUpperCase()) return name;
  return name
    .split(" ")
    .map((word, i) => {
      const bare = word.replace(/^[("'“‘]+|[)"'”’.,:;]+$/g, "");
      if (ACRONYMS.has(bare) || /\d/.test(word) || !/\p{L}/u.test(word)) return word;
      if (i > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
      return nameCase(word);
    })
    .join(" ");
}

/** The registered office in the form's address fields. Country is an ISO 3166-1 alpha-2 code, or "" when unknown. */
export interface OfficeAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postCode: string;
  country: string;
}

/** The register's country words for the United Kingdom and its parts. */
const UK_NAMES = new Set([
  "united kingdom",
  "uk",
  "u.k.",
  "great britain",
  "gb",
  "england",
  "wales",
  "scotland",
  "northern ireland",
  "england and wales",
  "england & wales",
  "cymru",
]);

/**
 * The ISO code of a country as the register writes it ("England", "Wales", "Scotland", "Northern
 * Ireland", "United Kingdom" are all GB); another country by its English name (`names`: code →
 * English name, e.g. the portal's country options); "" when none matches.
 */
export function countryCodeOf(country: string | null | undefined, names: readonly { value: string; label: string }[] = []): string {
  const key = (country ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (!key) return "";
  if (UK_NAMES.has(key)) return "GB";
  if (key === "republic of ireland" || key === "eire" || key === "éire") return "IE";
  if (key === "united states" || key === "united states of america" || key === "usa") return "US";
  return names.find((n) => n.label.toLowerCase() === key || n.value.toLowerCase() === key)?.value ?? "";
}

/** A house number or range ("14", "14a", "14-16") goes before the street with a space; a building's name with a comma. */
const HOUSE_NUMBER = /^\d+[a-z]?(?:\s*[-–/]\s*\d+[a-z]?)?$/i;

/**
 * The registered office as the form's billing address: premises and the first line together ("14
 * Albemarle Street", "Tŷ Glas, 15 Mount Stuart Square"), the second line, the town (locality),
 * region, postcode and the country's code.
 */
export function officeAddressOf(address: RegisteredOfficeAddress, names: readonly { value: string; label: string }[] = []): OfficeAddress {
  const t = (v: string | null | undefined) => (v ?? "").trim().replace(/\s+/g, " ");
  const premises = t(address.premises);
  const first = t(address.line1);
  let line1 = premises && first ? `${premises}${HOUSE_NUMBER.test(premises) ? " " : ", "}${first}` : premises || first;
  let line2 = t(address.line2);
  let city = t(address.locality);
  // Without a first line, or without a town, the second line moves up.
  if (!line1 && line2) [line1, line2] = [line2, ""];
  if (!city && line2) [city, line2] = [line2, ""];
  return { line1, line2, city, region: t(address.region), postCode: t(address.postalCode).toUpperCase(), country: countryCodeOf(address.country, names) };
}

/** The billing fields of the request form a company look-up fills. */
export const LOOKUP_FILLED_FIELDS = BILLING_ADDRESS_FIELDS;
export type LookupField = (typeof LOOKUP_FILLED_FIELDS)[number];
export type LookupFill = Record<LookupField, string>;

/** The values a found company gives the billing fields: its registered name and registered office. */
export function billingFillOf(company: { name: string; registeredOffice: OfficeAddress }): LookupFill {
  const a = company.registeredOffice;
  return {
    billingEntityName: company.name,
    billingAddressLine1: a.line1,
    billingAddressLine2: a.line2,
    billingAddressCity: a.city,
    billingAddressState: a.region,
    billingAddressPostCode: a.postCode,
    billingAddressCountry: a.country,
  };
}

/**
 * Which fields a new look-up may set, and to what: a field still empty, still holding what the
 * previous look-up put there, or still at the form's starting value (`untouched`, e.g. the country's
 * "GB") takes the new company's value (blank when it has none: the previous company's line 2 does
 * not stay); a field the person typed in keeps what they typed. A blank country (one the
 * register's words do not name) changes nothing: the form keeps its own.
 */
export function lookupFillChanges(
  current: Partial<Record<LookupField, string | null | undefined>>,
  previous: Partial<LookupFill> | null,
  next: LookupFill,
  untouched: Partial<Record<LookupField, string>> = {},
): Partial<LookupFill> {
  const changes: Partial<LookupFill> = {};
  for (const field of LOOKUP_FILLED_FIELDS) {
    const now = (current[field] ?? "").trim();
    const fromLookup = previous?.[field] !== undefined && now === (previous[field] ?? "").trim() && now !== "";
    const free = now === "" || fromLookup || (untouched[field] !== undefined && now === untouched[field]);
    if (!free) continue;
    const value = next[field];
    if (value === "" && field === "billingAddressCountry") continue;
    if (value !== now) changes[field] = value;
  }
  return changes;
}
