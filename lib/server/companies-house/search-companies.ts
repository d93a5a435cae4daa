import "server-only";
import type { Db } from "@/db";
import { isClosedCompany, statusLabelKey } from "@/lib/domain/register-people";
import { translator } from "@/lib/i18n/translator";
import { getCompaniesHouse } from "@/lib/integrations/companies-house";
import { assertLookupAllowed, companySearchLimits, unavailableUnlessOurs } from "./lookup-guard";

/** Most suggestions the request form's company name offers. */
export const MAX_SUGGESTIONS = 8;

export interface CompanySuggestion {
  /** The register's form: "09417262". */
  number: string;
  /** As registered: "HARTWELL HOLDINGS LIMITED". */
  name: string;
  /** The register's status, and in words ("" when the register gives none). */
  status: string | null;
  statusLabel: string;
  /** Dissolved or closed: offered, but its people cannot be verified. */
  closed: boolean;
  /** One line: "14 Albemarle Street, London, W1S 4HW". */
  address: string | null;
}

/**
 * Companies whose name (or number) matches what is typed in the request form's company name, best
 * first, at most eight: suggestions to choose from. Counted against the per-address limit and the
 * limit of all callers together (429); the register unavailable: 503. Never cached: a search is
 * what the register says now.
 */
export async function searchCompanies({ db, q, ip, userAgent, now = new Date() }: { db: Db; q: string; ip: string; userAgent: string; now?: Date }): Promise<{ suggestions: CompanySuggestion[] }> {
  const { perIp, overall, windowSeconds } = companySearchLimits;
  await assertLookupAllowed({
    db,
    limits: [
      { key: `companies-house:search:ip:${ip}`, limit: perIp, windowSeconds, who: "ip" },
      { key: "companies-house:search:all", limit: overall, windowSeconds, who: "overall" },
    ],
    ip,
    userAgent,
    form: "company-search",
    now,
  });
  const found = await getCompaniesHouse()
    .searchCompanies(q, { limit: MAX_SUGGESTIONS })
    .catch(unavailableUnlessOurs);
  const t = translator();
  return {
    suggestions: found.slice(0, MAX_SUGGESTIONS).map((c) => ({
      number: c.companyNumber,
      name: c.name,
      status: c.status,
      statusLabel: c.status ? t(`companiesHouse.statuses.${statusLabelKey(c.status)}` as never) : "",
      closed: isClosedCompany(c),
      address: c.addressSnippet,
    })),
  };
}
