import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * The Companies House API key's request budget, shared by every process that uses the key (web
 * instances, workers, the sync command): Companies House allows a key 600 requests in five minutes
 * and answers 429 beyond that. One row per key and API (`key` is a hash of both, never the key
 * itself); each request first counts itself here with one atomic statement
 * (lib/integrations/companies-house/rate-budget.ts), and waits for the next window when the
 * window's budget is spent.
 */
export const companiesHouseBudget = pgTable("companies_house_budget", {
  key: text().primaryKey(),
  /** When the current window began; it lasts COMPANIES_HOUSE_RATE_WINDOW_SECONDS. */
  windowStart: timestamptz().notNull(),
  /** Requests granted in the current window. */
  used: integer().notNull(),
});

/**
 * Answers of the Companies House API kept for COMPANIES_HOUSE_CACHE_SECONDS: company profiles and
 * the full (all pages) officer and PSC lists, as the API's JSON. `key` is the API origin and the
 * request's path ("https://api.company-information.service.gov.uk/company/09417262/officers").
 * Rows older than the cache time are deleted by the nightly register refresh.
 */
export const companiesHouseCache = pgTable(
  "companies_house_cache",
  {
    key: text().primaryKey(),
    body: jsonb().notNull(),
    fetchedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("companies_house_cache_fetched_at_idx").on(t.fetchedAt)],
);
