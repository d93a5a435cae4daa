import "server-only";
import type { Db } from "@/db";
import { countryOptions } from "@/lib/countries";
import { companyDisplayName, isClosedCompany, officeAddressOf, registerLinkOf, registerPeople, roleLabelKey, statusLabelKey, PSC_ROLE, type OfficeAddress, type RegisterLink } from "@/lib/domain/register-people";
import { translator } from "@/lib/i18n/translator";
import { getCompaniesHouse } from "@/lib/integrations/companies-house";
import { AppError } from "@/lib/server/app-error";
import { assertLookupAllowed, companyLookupLimits, unavailableUnlessOurs } from "./lookup-guard";

/** A company as the request form shows it, with the people it offers to pick. */
export interface CompanyLookup {
  company: {
    /** The register's form: "09417262", "SC611204". */
    number: string;
    /** As registered: "HARTWELL HOLDINGS LIMITED" (the form fills this in). */
    name: string;
    /** In people's casing: "Hartwell Holdings Limited". */
    displayName: string;
    /** The register's status ("active", "liquidation", ...), and in words. */
    status: string;
    statusLabel: string;
    /** The registered office in the form's address fields; `country` an ISO code (GB for the UK's parts), or "". */
    registeredOffice: OfficeAddress;
    /** The date the next confirmation statement is due by (ISO day), when the register has one. */
    confirmationStatementDue: string | null;
  };
  people: LookupPerson[];
}

export interface LookupPerson {
  /** Stable for this company's entry. */
  key: string;
  /** "James Edward Whitaker". */
  displayName: string;
  /** Their role in words: "Director", "Director and person with significant control". */
  role: string;
  /** "officer" (holds an office, perhaps control too) or "psc" (control only). */
  kind: "officer" | "psc";
  officerId: string | null;
  /** Appointed (an officer) or notified (a PSC), ISO day. */
  appointedOn: string | null;
  birthMonth: number | null;
  birthYear: number | null;
  /** What the request stores when this person is picked (individuals[].register). */
  register: RegisterLink;
}

/**
 * The company a company number names at Companies House, for the request form to fill in its name
 * and registered office and to list its people: its current officers who are people and its
 * current individual persons with significant control, each once (lib/domain/register-people.ts),
 * every officer page read (the adapter reads them all). Answers from the portal's cache when the
 * register was asked within COMPANIES_HOUSE_CACHE_SECONDS.
 *
 * Counted first against the per-address limit (429). No such company: 404 `company_not_found`; a
 * dissolved or closed one: 409 `company_dissolved` (with its name); the register unavailable: 503.
 * Words (roles, status, messages) are in the language of the request.
 */
export async function lookupCompany({ db, number, ip, userAgent, now = new Date() }: { db: Db; number: string; ip: string; userAgent: string; now?: Date }): Promise<CompanyLookup> {
  await assertLookupAllowed({
    db,
    limits: [{ key: `companies-house:lookup:ip:${ip}`, limit: companyLookupLimits.perIp, windowSeconds: companyLookupLimits.windowSeconds, who: "ip" }],
    ip,
    userAgent,
    form: "company-lookup",
    now,
  });
  const ch = getCompaniesHouse();
  const profile = await ch.getCompanyProfile(number).catch(unavailableUnlessOurs);
  if (!profile) throw new AppError("not_found", "company_not_found", { reason: "company_not_found", companyNumber: number });
  if (isClosedCompany(profile)) {
    throw new AppError("conflict", "company_dissolved", { reason: "company_dissolved", companyNumber: profile.companyNumber, companyName: profile.name, status: profile.status });
  }
  const [officers, pscs] = await Promise.all([ch.listOfficers(profile.companyNumber), ch.listPscs(profile.companyNumber)]).catch(unavailableUnlessOurs);

  const t = translator();
  const roleWords = (roles: string[]) => {
    const main = roles[0] ?? PSC_ROLE;
    const word = t(`companiesHouse.roles.${roleLabelKey(main)}` as never);
    return main !== PSC_ROLE && roles.includes(PSC_ROLE) ? t("companiesHouse.roles.withPsc", { role: word }) : word;
  };
  return {
    company: {
      number: profile.companyNumber,
      name: profile.name,
      displayName: companyDisplayName(profile.name),
      status: profile.status,
      statusLabel: t(`companiesHouse.statuses.${statusLabelKey(profile.status)}` as never),
      registeredOffice: officeAddressOf(profile.registeredOfficeAddress, countryOptions()),
      confirmationStatementDue: profile.confirmationStatementNextDue,
    },
    people: registerPeople(officers ?? [], pscs ?? []).map((p) => ({
      key: p.key,
      displayName: p.displayName,
      role: roleWords(p.roles),
      kind: p.kind,
      officerId: p.officerId,
      appointedOn: p.appointedOn,
      birthMonth: p.birthMonth,
      birthYear: p.birthYear,
      register: registerLinkOf(p),
    })),
  };
}
