// Companies House's part of the configuration (lib/env.ts spreads these fields into its schema).
import { z } from "zod";
import {
  COMPANIES_HOUSE_DEFAULT_RATE_LIMIT,
  COMPANIES_HOUSE_DEFAULT_RATE_WINDOW_SECONDS,
  COMPANIES_HOUSE_DEV_API_KEY,
  COMPANIES_HOUSE_PRODUCTION_API_URL,
  COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT,
  companiesHouseSimulatorUrl,
} from "./dev-defaults";
import { optionalString, productionSecretProblems, productionUrlProblems, SIMULATOR_ONLY } from "../config-checks";
import { simulatedService, type SimulatedServiceConfig } from "../simulated-service";

const int = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === undefined || v === "" ? fallback : v), z.coerce.number().int("must be a whole number").min(min).max(max));

export const companiesHouseSchema = {
  /** The API key of the portal's application at Companies House (HTTP Basic user name). Unset outside production: the simulator. */
  COMPANIES_HOUSE_API_KEY: optionalString,
  /** The API's origin, without a path. Unset: the register's own, or the simulator's with its development key. */
  COMPANIES_HOUSE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  /** How long profiles, officer lists and PSC lists are reused from the database. */
  COMPANIES_HOUSE_CACHE_SECONDS: int(0, 30 * 86_400, 3600),
  /** Requests of the key per window, shared by every process (Companies House allows 600 per 5 minutes). */
  COMPANIES_HOUSE_RATE_LIMIT: int(1, 100_000, COMPANIES_HOUSE_DEFAULT_RATE_LIMIT),
  COMPANIES_HOUSE_RATE_WINDOW_SECONDS: int(1, 86_400, COMPANIES_HOUSE_DEFAULT_RATE_WINDOW_SECONDS),
};

type CompaniesHouseRaw = {
  COMPANIES_HOUSE_API_KEY?: string;
  COMPANIES_HOUSE_API_URL?: string;
  COMPANIES_HOUSE_CACHE_SECONDS: number;
  COMPANIES_HOUSE_RATE_LIMIT: number;
  COMPANIES_HOUSE_RATE_WINDOW_SECONDS: number;
};

export interface CompaniesHouseConfig extends SimulatedServiceConfig {
  apiKey: string;
  /** Without a trailing slash. */
  apiUrl: string;
  cacheSeconds: number;
  rateLimit: number;
  rateWindowSeconds: number;
}

export function companiesHouseProblems(raw: CompaniesHouseRaw, appEnv: "development" | "test" | "production"): string[] {
  const problems: string[] = [];
  if (appEnv === "production") {
    problems.push(...productionSecretProblems("COMPANIES_HOUSE_API_KEY", raw.COMPANIES_HOUSE_API_KEY, COMPANIES_HOUSE_DEV_API_KEY, SIMULATOR_ONLY));
    problems.push(...productionUrlProblems("COMPANIES_HOUSE_API_URL", raw.COMPANIES_HOUSE_API_URL));
  }
  if (raw.COMPANIES_HOUSE_API_URL && new URL(raw.COMPANIES_HOUSE_API_URL).pathname.replace(/\/+$/, "") !== "") {
    problems.push("COMPANIES_HOUSE_API_URL: must be an origin without a path, e.g. https://api.company-information.service.gov.uk");
  }
  return problems;
}

/** The values the adapter is built from; unset ones fall back to the simulator's development values. */
export function companiesHouseConfig(raw: CompaniesHouseRaw): CompaniesHouseConfig {
  const service = simulatedService(
    raw.COMPANIES_HOUSE_API_KEY,
    COMPANIES_HOUSE_DEV_API_KEY,
    raw.COMPANIES_HOUSE_API_URL,
    {
      simulator: companiesHouseSimulatorUrl(COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT),
      production: COMPANIES_HOUSE_PRODUCTION_API_URL,
    },
  );
  return {
    apiKey: service.credential,
    apiUrl: service.url.replace(/\/+$/, ""),
    cacheSeconds: raw.COMPANIES_HOUSE_CACHE_SECONDS,
    rateLimit: raw.COMPANIES_HOUSE_RATE_LIMIT,
    rateWindowSeconds: raw.COMPANIES_HOUSE_RATE_WINDOW_SECONDS,
    simulator: service.simulator,
  };
}
