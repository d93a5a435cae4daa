// The Companies House API's JSON, as zod schemas (the shapes of companieshouse/api-sdk-node's
// company-profile, company-officers and company-psc resources and of /search/companies), and their
// mapping into the portal's types. Lenient where the register is: most fields may be missing.
import { z } from "zod";
import { formatNameElements, formatOfficerName, splitOfficerName } from "@/lib/domain/officer-name";
import type { CompanyProfile, CompanySearchResult, Officer, PartialDate, PersonWithSignificantControl } from "./types";

const text = z.string().nullish();
/** Counts and indexes: numbers, though the SDK's types say strings. */
const count = z.coerce.number().int().nonnegative().nullish();

const partialDate = z
  .object({ month: z.coerce.number().int().min(1).max(12), year: z.coerce.number().int() })
  .nullish()
  .catch(null);

const address = z
  .object({
    premises: text,
    address_line_1: text,
    address_line_2: text,
    locality: text,
    region: text,
    postal_code: text,
    country: text,
  })
  .nullish();

export const profileBody = z.object({
  company_number: z.string().min(1),
  company_name: z.string(),
  company_status: text,
  company_status_detail: text,
  type: text,
  jurisdiction: text,
  date_of_creation: text,
  date_of_cessation: text,
  registered_office_address: address,
  confirmation_statement: z.object({ next_due: text, overdue: z.boolean().nullish() }).nullish(),
  accounts: z.object({ next_due: text }).nullish(),
});

export const officerItem = z.object({
  name: z.string(),
  officer_role: z.string(),
  appointed_on: text,
  resigned_on: text,
  date_of_birth: partialDate,
  nationality: text,
  occupation: text,
  links: z.object({ officer: z.object({ appointments: text }).nullish() }).nullish(),
});

export const pscItem = z.object({
  kind: z.string(),
  name: text,
  name_elements: z.object({ title: text, forename: text, middle_name: text, surname: text }).nullish(),
  notified_on: text,
  ceased_on: text,
  ceased: z.boolean().nullish(),
  date_of_birth: partialDate,
  natures_of_control: z.array(z.string()).nullish(),
});

/** One page of a list: `items` plus the paging figures. */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).nullish(),
    items_per_page: count,
    start_index: count,
    total_results: count,
  });

/** What is cached for a list: every page's items, and the total the register gave. */
export const fullList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total_results: z.number().int().nonnegative() });

export const searchBody = z.object({
  items: z
    .array(
      z.object({
        company_number: z.string(),
        title: z.string(),
        company_status: text,
        company_type: text,
        address_snippet: text,
        date_of_creation: text,
        date_of_cessation: text,
      }),
    )
    .nullish(),
});

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);
const dob = (d: z.infer<typeof partialDate>): PartialDate | null => (d ? { month: d.month, year: d.year } : null);

export function toProfile(b: z.infer<typeof profileBody>): CompanyProfile {
  const a = b.registered_office_address;
  return {
    companyNumber: b.company_number,
    name: b.company_name,
    status: b.company_status ?? "",
    statusDetail: orNull(b.company_status_detail),
    type: b.type ?? "",
    jurisdiction: orNull(b.jurisdiction),
    dateOfCreation: orNull(b.date_of_creation),
    dateOfCessation: orNull(b.date_of_cessation),
    registeredOfficeAddress: {
      premises: orNull(a?.premises),
      line1: orNull(a?.address_line_1),
      line2: orNull(a?.address_line_2),
      locality: orNull(a?.locality),
      region: orNull(a?.region),
      postalCode: orNull(a?.postal_code),
      country: orNull(a?.country),
    },
    confirmationStatementNextDue: orNull(b.confirmation_statement?.next_due),
    confirmationStatementOverdue: b.confirmation_statement?.overdue ?? false,
    accountsNextDue: orNull(b.accounts?.next_due),
  };
}

export function toOfficer(o: z.infer<typeof officerItem>): Officer {
  const corporate = o.officer_role.startsWith("corporate-");
  const split = corporate ? null : splitOfficerName(o.name);
  const appointments = o.links?.officer?.appointments ?? "";
  return {
    name: o.name,
    displayName: corporate ? o.name.trim() : formatOfficerName(o.name),
    forenames: split ? split.forenames : null,
    surname: split ? split.surname : null,
    role: o.officer_role,
    corporate,
    appointedOn: orNull(o.appointed_on),
    resignedOn: orNull(o.resigned_on),
    active: !o.resigned_on,
    dateOfBirth: dob(o.date_of_birth),
    nationality: orNull(o.nationality),
    occupation: orNull(o.occupation),
    officerId: /^\/officers\/([^/]+)\/appointments\/?$/.exec(appointments)?.[1] ?? null,
  };
}

export function toPsc(p: z.infer<typeof pscItem>): PersonWithSignificantControl {
  const corporate = p.kind.startsWith("corporate-entity") || p.kind.startsWith("legal-person");
  const e = p.name_elements;
  const elements = e ? { title: orNull(e.title), forename: orNull(e.forename), middleName: orNull(e.middle_name), surname: orNull(e.surname) } : null;
  const name = p.name ?? "";
  const displayName = !corporate && elements?.surname ? formatNameElements(elements) : name.trim();
  return {
    kind: p.kind,
    corporate,
    name,
    displayName,
    nameElements: elements,
    notifiedOn: orNull(p.notified_on),
    ceasedOn: orNull(p.ceased_on),
    active: !p.ceased_on && !p.ceased,
    dateOfBirth: dob(p.date_of_birth),
    naturesOfControl: p.natures_of_control ?? [],
  };
}

export function toSearchResult(i: NonNullable<z.infer<typeof searchBody>["items"]>[number]): CompanySearchResult {
  return {
    companyNumber: i.company_number,
    name: i.title,
    status: orNull(i.company_status),
    type: orNull(i.company_type),
    addressSnippet: orNull(i.address_snippet),
    dateOfCreation: orNull(i.date_of_creation),
    dateOfCessation: orNull(i.date_of_cessation),
  };
}
