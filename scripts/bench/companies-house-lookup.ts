/*
 * The request form's company look-up from the cache (part of `npm run bench`; alone:
 * `npm run bench -- --only companies-house --clients 0 --directors 0`).
 *
 * `GET /api/companies-house/companies/{number}`'s handler, in this process, for every active company
 * of the Companies House simulator's register (the 120-officer heritage trust among them): the
 * simulator (in this process, on a free port) answers each company once to fill the portal's cache
 * (`companies_house_cache` in PostgreSQL), then N timed sequential look-ups answer from that cache:
 * the per-address rate limit's upsert, three cache reads (profile, officers, PSCs), the zod checks of
 * the cached bodies, the people's rules and the JSON answer. Each call from an address of its own,
 * as different people's would be. The first, uncached look-up of each company is printed for
 * comparison (the simulator is local, so it is far faster than Companies House itself).
 *
 * Bar (docs/speed.md): p95 under 300 ms from the cache. Measured, not asserted in a test.
 */
import { fmt, summarise, timeSequential, type LatencySummary } from "./stats";
import { print } from "../lib/terminal";
import { loadText } from "./summary";

export const LOOKUP_P95_BAR_MS = 300;

export interface CompaniesHouseLookupResult {
  runs: number;
  companies: number;
  /** Every company in turn. */
  all: LatencySummary;
  /** The 120-officer company alone (its officer list is the largest cached body). */
  largest: LatencySummary;
  /** First look-up of each company, through the simulator into the cache. */
  uncached: LatencySummary;
  pass: boolean;
}

/** Runs on the configured database (process.env.DATABASE_URL): `runs` timed look-ups of all companies in turn, and as many of the largest. */
export async function benchCompaniesHouseLookup({ runs }: { runs: number }): Promise<CompaniesHouseLookupResult> {
  const { startCompaniesHouseSimulator } = await import("@/lib/integrations/companies-house/simulator/server");
  const { seedCompanies } = await import("@/lib/integrations/companies-house/simulator/register");
  const { COMPANIES_HOUSE_DEV_API_KEY } = await import("@/lib/integrations/companies-house/dev-defaults");
  const { configureCompaniesHouseSimulator } = await import("@/lib/integrations/companies-house/simulator/configure");
  const { resetEnvCache } = await import("@/lib/env");
  const { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_STAMPED_ENV } = await import("@/lib/client-address");
  const { getDb } = await import("@/db");
  const { companiesHouseCache } = await import("@/db/schema");
  const { GET } = await import("@/app/api/companies-house/companies/[number]/route");

  const saved = { url: process.env.COMPANIES_HOUSE_API_URL, key: process.env.COMPANIES_HOUSE_API_KEY, stamped: process.env[CLIENT_ADDRESS_STAMPED_ENV] };
  const sim = await startCompaniesHouseSimulator({ port: 0, apiKeys: [COMPANIES_HOUSE_DEV_API_KEY], rateLimit: 100_000 });
  configureCompaniesHouseSimulator(process.env, sim.port);
  // Requests carry the client address header, as the portal's own server writes it.
  process.env[CLIENT_ADDRESS_STAMPED_ENV] = "1";
  resetEnvCache();

  const numbers = seedCompanies.filter((c) => c.status === "active").map((c) => c.number);
  const largest = [...seedCompanies].sort((a, b) => b.officers.length - a.officers.length)[0]!.number;
  let caller = 0;
  const lookUp = async (number: string) => {
    caller++;
    const address = `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;
    const res = await GET(
      new Request(`http://localhost:3000/api/companies-house/companies/${number}`, { headers: { "user-agent": "bench", [CLIENT_ADDRESS_HEADER]: address } }),
      { params: Promise.resolve({ number }) },
    );
    const body = await res.text();
    if (res.status !== 200) throw new Error(`the look-up of ${number} answered ${res.status}: ${body.slice(0, 300)}`);
  };

  try {
    await (await getDb()).delete(companiesHouseCache);
    const uncached: number[] = [];
    for (const number of numbers) {
      const t0 = performance.now();
      await lookUp(number);
      uncached.push(performance.now() - t0);
    }
    const all = await timeSequential((i) => lookUp(numbers[i % numbers.length]!), runs, numbers.length);
    const big = await timeSequential(() => lookUp(largest), runs, 3);
    const result = { runs, companies: numbers.length, all: summarise(all), largest: summarise(big), uncached: summarise(uncached) };
    return { ...result, pass: result.all.p95 < LOOKUP_P95_BAR_MS && result.largest.p95 < LOOKUP_P95_BAR_MS };
  } finally {
    await sim.close();
    const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
    restore("COMPANIES_HOUSE_API_URL", saved.url);
    restore("COMPANIES_HOUSE_API_KEY", saved.key);
    restore(CLIENT_ADDRESS_STAMPED_ENV, saved.stamped);
    resetEnvCache();
  }
}

export function reportCompaniesHouseLookup(r: CompaniesHouseLookupResult): void {
  const line = (label: string, s: LatencySummary) =>
    `  ${label.padEnd(52)} p50 ${fmt(s.p50).padStart(6)} ms   p95 ${fmt(s.p95).padStart(6)} ms   p99 ${fmt(s.p99).padStart(6)} ms   max ${fmt(s.max).padStart(6)} ms`;
  print(`\nCompany look-up (GET /api/companies-house/companies/{number}, route in process), ${r.runs} timed calls each\n`);
  print(line(`from the cache, ${r.companies} active companies in turn`, r.all));
  print(line("from the cache, the 120-officer company", r.largest));
  print(line("first look-up of each (local simulator, then cached)", r.uncached));
  print(
    `\nCached p95 ${fmt(Math.max(r.all.p95, r.largest.p95))} ms → ${r.pass ? "PASS" : "FAIL"} (bar: under ${LOOKUP_P95_BAR_MS} ms). ` +
      `Load average ${loadText()}.`,
  );
}
