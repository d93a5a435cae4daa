/**
 * What the portal needs from the Companies House public data API, in the portal's words.
 *
 * Get the process's client with `getCompaniesHouse()` from `@/lib/integrations/companies-house`
 * (server code only). This interface is stable: the request form and the register refresh use it.
 *
 *   getCompanyProfile(number)  the company's register entry, or null when the register has no such
 *                              company (HTTP 404). `number` is normalised first ("9417262" and
 *                              "09417262" are the same company); a number that cannot be one
 *                              (lib/domain/company-number.ts) is null too, without a request.
 *   listOfficers(number)       every officer ever appointed (all pages), current and resigned, in
 *                              the register's order; null when the company is unknown.
 *   listPscs(number)           every person with significant control (all pages), current and
 *                              ceased; null when the register has none listed for it (404).
 *   searchCompanies(query)     companies whose name (or number) matches, best first; at most
 *                              `limit` (default 20, at most 100). Never cached.
 *
 * Profiles, officer lists and PSC lists are cached in PostgreSQL for COMPANIES_HOUSE_CACHE_SECONDS;
 * `{ maxAgeSeconds }` asks for something fresher (0: always ask the register, and keep the answer).
 * Every request counts against the shared budget of the API key (COMPANIES_HOUSE_RATE_LIMIT per
 * COMPANIES_HOUSE_RATE_WINDOW_SECONDS, in PostgreSQL, across all processes): a call waits for the
 * next window when the budget is spent, waits out a 429 until the time Companies House names, and
 * retries its failures (5xx, network) a few times with backoff. A call that still cannot be answered
 * throws a `CompaniesHouseError` (see errors.ts): `code` "unauthorized" (a bad key: 401),
 * "rate_limited" (waiting would pass `maxWaitMs`), "unavailable" (5xx or network, after the
 * retries), "bad_response" (a body of an unexpected shape) or "bad_request" (another 4xx).
 *
 * Dates are ISO days ("2026-08-14"), as the register writes them. Names are given as the register
 * has them (`name`) and in people's form (`displayName`, lib/domain/officer-name.ts).
 */

export interface RegisteredOfficeAddress {
  premises: string | null;
  line1: string | null;
  line2: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  /** As the register writes it: "England", "Wales", "Scotland", "United Kingdom", ... */
  country: string | null;
}

export interface CompanyProfile {
  /** The register's form, e.g. "09417262", "SC611204". */
  companyNumber: string;
  /** As registered, usually in capitals: "HARTWELL HOLDINGS LIMITED". */
  name: string;
  /** The register's status: "active", "dissolved", "liquidation", "administration", "receivership", ... */
  status: string;
  /** A finer status where the register has one ("active-proposal-to-strike-off"), else null. */
  statusDetail: string | null;
  /** The register's company type: "ltd", "plc", "llp", "private-limited-guarant-nsc", ... */
  type: string;
  /** "england-wales", "scotland", "northern-ireland", ... */
  jurisdiction: string | null;
  dateOfCreation: string | null;
  /** When the company was dissolved (or otherwise ceased), else null. */
  dateOfCessation: string | null;
  registeredOfficeAddress: RegisteredOfficeAddress;
  /** The date the next confirmation statement is due by, or null (e.g. a dissolved company). */
  confirmationStatementNextDue: string | null;
  confirmationStatementOverdue: boolean;
  accountsNextDue: string | null;
}

export interface PartialDate {
  month: number;
  year: number;
}

export interface Officer {
  /** As on the register: "WHITAKER, James Edward" for a person, "ALBEMARLE SECRETARIES LIMITED" for a company. */
  name: string;
  /** People's form: "James Edward Whitaker"; a corporate officer's name as registered. */
  displayName: string;
  /** For a person: "James Edward" / "Whitaker"; null for a corporate officer. */
  forenames: string | null;
  surname: string | null;
  /** The register's role: "director", "secretary", "llp-member", "llp-designated-member", "corporate-director", ... */
  role: string;
  /** A company (or other body) rather than a person: roles "corporate-…". */
  corporate: boolean;
  appointedOn: string | null;
  resignedOn: string | null;
  /** Not resigned. */
  active: boolean;
  /** Month and year only: the register does not publish the day. */
  dateOfBirth: PartialDate | null;
  nationality: string | null;
  occupation: string | null;
  /**
   * The register's id of the person or company holding the appointment, from
   * `links.officer.appointments` ("/officers/abc123/appointments" → "abc123"): the same id across
   * every company they are an officer of. Null when the register gives no link.
   */
  officerId: string | null;
}

export interface PscNameElements {
  title: string | null;
  forename: string | null;
  middleName: string | null;
  surname: string | null;
}

export interface PersonWithSignificantControl {
  /** "individual-person-with-significant-control", "corporate-entity-person-with-significant-control", "legal-person-person-with-significant-control", ... */
  kind: string;
  /** A company or other legal person rather than an individual. */
  corporate: boolean;
  /** As on the register: "Mr James Edward Whitaker", "BRIGHTWATER GROUP HOLDINGS LTD". */
  name: string;
  /** People's form without the title ("James Edward Whitaker"); a corporate PSC's name as registered. */
  displayName: string;
  nameElements: PscNameElements | null;
  notifiedOn: string | null;
  ceasedOn: string | null;
  /** Not ceased. */
  active: boolean;
  dateOfBirth: PartialDate | null;
  /** The register's codes, e.g. "ownership-of-shares-75-to-100-percent". */
  naturesOfControl: string[];
}

export interface CompanySearchResult {
  companyNumber: string;
  /** As registered: "HARTWELL HOLDINGS LIMITED". */
  name: string;
  status: string | null;
  type: string | null;
  /** One line: "14 Albemarle Street, London, W1S 4HW". */
  addressSnippet: string | null;
  dateOfCreation: string | null;
  dateOfCessation: string | null;
}

export interface CacheOptions {
  /** Accept a cached answer at most this old (default COMPANIES_HOUSE_CACHE_SECONDS); 0 = ask the register. */
  maxAgeSeconds?: number;
}

export interface CompaniesHouseClient {
  getCompanyProfile(companyNumber: string, options?: CacheOptions): Promise<CompanyProfile | null>;
  listOfficers(companyNumber: string, options?: CacheOptions): Promise<Officer[] | null>;
  listPscs(companyNumber: string, options?: CacheOptions): Promise<PersonWithSignificantControl[] | null>;
  searchCompanies(query: string, options?: { limit?: number }): Promise<CompanySearchResult[]>;
}
