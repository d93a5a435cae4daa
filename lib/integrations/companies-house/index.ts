import "server-only";
import { getDb } from "@/db";
import { getEnv, type Env } from "@/lib/env";
import { recordedFetch } from "@/lib/metrics/outside-call";
import { createCompaniesHouseAdapter } from "./companies-house-adapter";
import { budgetKey, databaseRateBudget } from "./rate-budget";
import { databaseResponseCache } from "./response-cache";
import type { CompaniesHouseClient } from "./types";

export type * from "./types";
export { CompaniesHouseError, type CompaniesHouseErrorCode } from "./errors";

export interface CompaniesHouseUse {
  /**
   * Work nobody waits for (the nightly refresh, the sync command): it leaves a fifth of each
   * budget window to people, and waits as long as two windows for room. Otherwise (default) a
   * person is waiting: the whole budget, and at most 10 s of waiting before "rate_limited".
   */
  background?: boolean;
}

/** Each request to the register, as the operator's page and the metrics name it. */
function companiesHouseOperation(url: URL): string {
  if (url.pathname.startsWith("/search/")) return "searchCompanies";
  if (/\/officers\/?$/.test(url.pathname)) return "listOfficers";
  if (/\/persons-with-significant-control\/?$/.test(url.pathname)) return "listPscs";
  if (/^\/company\/[^/]+\/?$/.test(url.pathname)) return "getCompanyProfile";
  return "request";
}

/**
 * The Companies House client a configuration means. The simulator is the same client pointed at it.
 * Every request that reaches the register (not one the cache answers) is recorded as an outside
 * call (lib/metrics/outside-call.ts).
 */
export function chooseCompaniesHouse(env: Env, use: CompaniesHouseUse = {}): CompaniesHouseClient {
  const { apiUrl, apiKey, cacheSeconds, rateLimit, rateWindowSeconds } = env.companiesHouse;
  return createCompaniesHouseAdapter(
    {
      apiUrl,
      apiKey,
      cacheSeconds,
      maxWaitMs: use.background ? 2 * rateWindowSeconds * 1000 + 30_000 : 10_000,
      budgetReserve: use.background ? Math.floor(rateLimit / 5) : 0,
    },
    {
      budget: databaseRateBudget({ db: getDb, key: budgetKey(apiUrl, apiKey), limit: rateLimit, windowSeconds: rateWindowSeconds }),
      cache: databaseResponseCache({ db: getDb }),
      fetch: recordedFetch("companies-house", companiesHouseOperation),
    },
  );
}

let chosen: { env: Env; clients: Map<boolean, CompaniesHouseClient> } | undefined;

/**
 * The process's Companies House client (see types.ts), chosen from the configuration (again after
 * resetEnvCache()). Outside production with the variables unset it is the real adapter pointed at
 * the local simulator (`npm start` runs it) with its development key.
 */
export function getCompaniesHouse(use: CompaniesHouseUse = {}): CompaniesHouseClient {
  const env = getEnv();
  if (chosen?.env !== env) chosen = { env, clients: new Map() };
  const background = Boolean(use.background);
  let client = chosen.clients.get(background);
  if (!client) chosen.clients.set(background, (client = chooseCompaniesHouse(env, { background })));
  return client;
}
