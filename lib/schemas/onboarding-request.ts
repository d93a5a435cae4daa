import {
  array,
  boolean,
  email,
  enum as zEnum,
  gte,
  int,
  lte,
  maxLength,
  object,
  optional,
  pipe,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  toUpperCase,
  transform,
  trim,
  minLength,
  overwrite,
  type infer as Infer,
  uuid,
  type input as Input,
} from "zod/mini";
import { journeyValues, productTierValues } from "@/lib/domain/values";
import { isCountryCode } from "@/lib/countries";
import { isCalendarDate } from "@/lib/json-patch/fields";
import { trimmedText } from "./fields";
import { INVALID_CHARACTERS, isSingleLineText } from "./text";
import { compactIdentifier, isCompanyNumber, isVatNumber } from "./uk-identifiers";

/*
 * The onboarding request: what a company sends to ask for its individuals to be verified. One
 * schema for the request form in the browser (react-hook-form) and for
 * POST /api/requests/identity-verification, so both accept and refuse exactly the same things.
 * zod/mini keeps it small enough for the browser. Messages are keys under `validation` in
 * messages/en-GB.json.
 *
 * Field names are the client's own column names (and those of the provider's new client record
 * that prefills the Existing journey), except the company, which is a group of its own.
 * Emails are trimmed and lower-cased here, so "Ann@X.com" and "ann@x.com " are one person
 * everywhere after this point (duplicates, sign-in, invitations).
 */

/** Most individuals one request may carry: a large group files a few thousand at most. */
export const MAX_INDIVIDUALS = 5000;

/** A required email: trimmed, lower-cased, at most 254 characters; `required` and `format` are message keys. */
export function lowerCaseEmail(required = "required", format = "email") {
  return pipe(
    string({ error: required }).check(
      refine(isSingleLineText, INVALID_CHARACTERS),
      trim(),
      toLowerCase(),
      minLength(1, required),
      maxLength(254, "tooLong"),
    ),
    email(format),
  );
}

/** Optional single-line text: trimmed; blank is absent (undefined). */
function optionalText(max: number) {
  return optional(
    pipe(
      string({ error: "invalidValue" }).check(refine(isSingleLineText, INVALID_CHARACTERS), trim(), maxLength(max, "tooLong")),
      transform((v: string) => (v === "" ? undefined : v)),
    ),
  );
}

const TELEPHONE = /^\+?[0-9 ().-]{6,40}$/;

/** A telephone number: digits, spaces and + ( ) - . (at least six characters). */
function telephone(required: string) {
  return trimmedText(40, { required }).check(regex(TELEPHONE, "telephone"));
}

function optionalTelephone() {
  return optional(
    pipe(
      string({ error: "invalidValue" }).check(trim(), maxLength(40, "tooLong")),
      transform((v: string) => (v === "" ? undefined : v)),
    ).check(refine((v) => v === undefined || TELEPHONE.test(v), "telephone")),
  );
}

/** Today as `YYYY-MM-DD` in UTC (a deadline is a calendar day). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** An optional calendar date `YYYY-MM-DD` that is today or later: blank is absent (undefined). */
function optionalFutureDate() {
  return optional(
    pipe(
      string({ error: "invalidValue" }).check(trim()),
      transform((v: string) => (v === "" ? undefined : v)),
    ).check(
      refine((v) => v === undefined || isCalendarDate(v), { error: "verifyByDate", abort: true }),
      refine((v) => v === undefined || v >= today(), "verifyByPast"),
    ),
  );
}

/** ISO 3166-1 alpha-2 country code (the values of GET /api/options), upper-cased. */
function country(required: string) {
  return string({ error: required }).check(
    trim(),
    toUpperCase(),
    minLength(1, required),
    refine(isCountryCode, "countryCode"),
  );
}

/**
 * A company number in Companies House's format (8 characters: 01234567, SC123456), typed with or
 * without spaces, stored without them and upper-cased. "ABC" is refused.
 */
function companyNumber() {
  return string({ error: "companyIdRequired" }).check(
    refine(isSingleLineText, INVALID_CHARACTERS),
    overwrite(compactIdentifier),
    minLength(1, { error: "companyIdRequired", abort: true }),
    refine(isCompanyNumber, "companyIdFormat"),
  );
}

/**
 * An individual's entry on the Companies House register, when the form picked them from the
 * company's officers and persons with significant control (lib/domain/register-people.ts): the
 * register's officer id, their role ("director", "llp-member", "psc", ...), when they were
 * appointed (or notified, a PSC) and the month and year of birth the register shows. Stored on the
 * individual's record; shown to nobody as it is written here.
 */
export const registerLinkSchema = object(
  {
    officerId: optional(string({ error: "invalidValue" }).check(regex(/^[A-Za-z0-9_-]{1,100}$/, "invalidValue"))),
    role: string({ error: "invalidValue" }).check(regex(/^[a-z][a-z-]{0,79}$/, "invalidValue")),
    appointedOn: optional(string({ error: "invalidValue" }).check(refine(isCalendarDate, "invalidValue"))),
    birthMonth: optional(int({ error: "invalidValue" }).check(gte(1, "invalidValue"), lte(12, "invalidValue"))),
    birthYear: optional(int({ error: "invalidValue" }).check(gte(1850, "invalidValue"), lte(2100, "invalidValue"))),
  },
  { error: "invalidValue" },
);
export type RegisterLinkInput = Infer<typeof registerLinkSchema>;

/** One individual to verify. Also the row schema of the CSV import (lib/csv/individuals-import.ts), which gives no register entry. */
export const individualSchema = object({
  name: trimmedText(200, { required: "individualNameRequired" }),
  email: lowerCaseEmail("individualEmailRequired", "individualEmailFormat"),
  register: optional(registerLinkSchema),
});
export type Individual = Infer<typeof individualSchema>;

export const onboardingRequestSchema = object({
  journey: zEnum(journeyValues, { error: "invalidValue" }),
  productTier: zEnum(productTierValues, { error: "productTierRequired" }),
  /** The provider's customer code (LWDB number): required with journey Existing, refused otherwise. */
  customerCode: optionalText(50),
  company: object({
    name: trimmedText(200, { required: "companyNameRequired" }),
    /** Company number at Companies House (or the provider's company identifier). */
    companyId: companyNumber(),
  }, { error: "required" }),
  mainContactFirstName: trimmedText(100, { required: "mainContactFirstNameRequired" }),
  mainContactLastName: trimmedText(100, { required: "mainContactLastNameRequired" }),
  mainContactEmail: lowerCaseEmail("mainContactEmailRequired", "mainContactEmailFormat"),
  mainContactTelephone: telephone("mainContactTelephoneRequired"),
  billingEntityName: trimmedText(200, { required: "billingEntityNameRequired" }),
  billingAddressLine1: trimmedText(200, { required: "billingAddressLine1Required" }),
  billingAddressLine2: optionalText(200),
  billingAddressCity: trimmedText(100, { required: "billingAddressCityRequired" }),
  billingAddressState: optionalText(100),
  billingAddressPostCode: optionalText(20),
  billingAddressCountry: country("billingAddressCountryRequired"),
  accountPayableContactFirstName: trimmedText(100, { required: "accountPayableContactFirstNameRequired" }),
  accountPayableContactLastName: trimmedText(100, { required: "accountPayableContactLastNameRequired" }),
  accountPayableContactEmail: lowerCaseEmail("accountPayableContactEmailRequired", "accountPayableContactEmailFormat"),
  accountPayableContactTelephone: optionalTelephone(),
  /** Required unless `vatExempt`; in HMRC's format (GB123456789, XI…), spaces allowed, stored without them. */
  vatNumber: optional(
    pipe(
      string({ error: "invalidValue" }).check(overwrite(compactIdentifier), maxLength(30, "tooLong")),
      transform((v: string) => (v === "" ? undefined : v)),
    ).check(refine((v) => v === undefined || isVatNumber(v), "vatNumberFormat")),
  ),
  vatExempt: boolean({ error: "invalidValue" }),
  purchaseOrderInfo: optionalText(500),
  individuals: array(individualSchema, { error: "invalidValue" }).check(
    minLength(1, "individualsRequired"),
    maxLength(MAX_INDIVIDUALS, "tooManyIndividuals"),
  ),
  /** The date the individuals must be verified by, when the company has one (optional). */
  verifyBy: optionalFutureDate(),
  /**
   * A random UUID the request form makes once per page load: the same request sent again (a double
   * click, a retry after a lost answer) gets the first answer and makes nothing. Optional, so
   * machine callers without one still work (they are de-duplicated by company and contact).
   */
  idempotencyKey: optional(uuid({ error: "invalidValue" })),
}).check(
  superRefine((request, ctx) => {
    // Rules across fields. Written defensively: they also run when some field has failed.
    if (!request.vatExempt && !request.vatNumber) {
      ctx.addIssue({ code: "custom", message: "vatNumberRequired", path: ["vatNumber"], input: request.vatNumber });
    }
    // The Existing journey is not paid for through the portal, so it is for existing customers
    // only: they give their customer code, which the server checks against the provider's records.
    if (request.journey === "Existing" && request.customerCode === undefined) {
      ctx.addIssue({ code: "custom", message: "customerCodeRequired", path: ["customerCode"], input: request.customerCode });
    }
    if (request.customerCode !== undefined && request.journey !== "Existing") {
      ctx.addIssue({ code: "custom", message: "customerCodeOnlyExisting", path: ["customerCode"], input: request.customerCode });
    }
    const individuals = Array.isArray(request.individuals) ? request.individuals : [];
    if (request.productTier === "OneOff" && individuals.length > 1) {
      ctx.addIssue({ code: "custom", message: "oneOffExactlyOne", path: ["individuals"], input: individuals.length });
    }
    for (const index of duplicateEmailIndexes(individuals)) {
      ctx.addIssue({ code: "custom", message: "duplicateEmail", path: ["individuals", index, "email"], input: individuals[index]?.email });
    }
  }),
);

/**
 * Indexes of the individuals whose email (trimmed, case-insensitive) was already used by an
 * earlier one: the first occurrence stays valid, each later copy is flagged.
 */
export function duplicateEmailIndexes(individuals: ReadonlyArray<{ email?: unknown } | null | undefined>): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  individuals.forEach((individual, index) => {
    const value = individual?.email;
    if (typeof value !== "string") return;
    const key = value.trim().toLowerCase();
    if (key === "") return;
    if (seen.has(key)) duplicates.push(index);
    else seen.add(key);
  });
  return duplicates;
}

/** What the form holds (before trimming and lower-casing). */
export type OnboardingRequestInput = Input<typeof onboardingRequestSchema>;
/** What the server works with. */
export type OnboardingRequest = Infer<typeof onboardingRequestSchema>;
