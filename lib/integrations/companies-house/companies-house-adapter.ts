import { z } from "zod";
import { normaliseCompanyNumber } from "@/lib/domain/company-number";
import { CompaniesHouseError } from "./errors";
import type { RateBudget } from "./rate-budget";
import type { ResponseCache } from "./response-cache";
import type { CompaniesHouseClient } from "./types";
import { fullList, listPage, officerItem, profileBody, pscItem, searchBody, toOfficer, toProfile, toPsc, toSearchResult } from "./wire";

export interface CompaniesHouseAdapterConfig {
  /** The API's origin, e.g. https://api.company-information.service.gov.uk */
  apiUrl: string;
  apiKey: string;
  /** Default age of a cached answer that is still used. */
  cacheSeconds: number;
  /** Longest a call may wait in all (for the budget, and for 429s to pass) before it gives up with "rate_limited". */
  maxWaitMs: number;
  /** Requests of each budget window this client leaves to others (background work leaves room for people). */
  budgetReserve?: number;
  /** Further attempts after a 5xx or a network failure. */
  retries?: number;
  /** First backoff after a failure; it doubles with each attempt, up to 8 s. */
  backoffMs?: number;
  /** Per-request time-out. */
  timeoutMs?: number;
}

export interface CompaniesHouseAdapterDeps {
  budget: RateBudget;
  cache: ResponseCache;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Items asked for per page: the most the register hands out at once. */
const PAGE_SIZE = 100;
/** A list longer than this many pages is not a company's officers any more: stop. */
const MAX_PAGES = 200;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Answer = { status: 200; body: unknown } | { status: 404 };

/**
 * The Companies House public data API over HTTP: GET requests with the API key as the HTTP Basic
 * user name (empty password), each counted first against the key's shared budget (`budget`). A 429
 * is waited out until `X-Ratelimit-Reset` (epoch seconds) and tried again; 5xx answers and network
 * failures are retried `retries` times with doubling backoff; all waiting of one call is bounded by
 * `maxWaitMs`. Profiles and the complete officer and PSC lists are kept in `cache`; the same
 * request made twice at once in this process is made once.
 */
export function createCompaniesHouseAdapter(config: CompaniesHouseAdapterConfig, deps: CompaniesHouseAdapterDeps): CompaniesHouseClient {
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:`).toString("base64")}`;
  const fetchImpl = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? defaultSleep;
  const retries = config.retries ?? 3;
  const backoffMs = config.backoffMs ?? 500;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const inFlight = new Map<string, Promise<unknown>>();

  async function waitOrGiveUp(ms: number, deadline: number, what: string) {
    if (Date.now() + ms > deadline) {
      throw new CompaniesHouseError(`Companies House ${what}: the key's request budget is spent for longer than this call may wait`, "rate_limited", 429);
    }
    await sleep(ms);
  }

  /** One GET, within the budget, with the retries described above. */
  async function get(path: string, what: string): Promise<Answer> {
    const deadline = Date.now() + config.maxWaitMs;
    let failures = 0;
    for (;;) {
      for (;;) {
        const taken = await deps.budget.take({ reserve: config.budgetReserve });
        if (taken.granted) break;
        await waitOrGiveUp(taken.waitMs, deadline, what);
      }
      let res: Response;
      try {
        res = await fetchImpl(`${apiUrl}${path}`, { headers: { Authorization: authorization, Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        if (failures++ < retries) {
          await waitOrGiveUp(backoff(failures), deadline, what);
          continue;
        }
        throw new CompaniesHouseError(`Companies House ${what} failed: ${err instanceof Error ? err.message : String(err)}`, "unavailable");
      }
      if (res.status === 429) {
        await res.body?.cancel();
        await waitOrGiveUp(rateLimitWait(res), deadline, what);
        continue;
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        if (failures++ < retries) {
          await waitOrGiveUp(backoff(failures), deadline, what);
          continue;
        }
        throw new CompaniesHouseError(`Companies House ${what} failed (${res.status})`, "unavailable", res.status);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return { status: 404 };
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new CompaniesHouseError(`Companies House refused the API key (${res.status}): check COMPANIES_HOUSE_API_KEY`, "unauthorized", res.status);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new CompaniesHouseError(`Companies House ${what} was refused (${res.status})`, "bad_request", res.status);
      }
      const body: unknown = await res.json().catch(() => {
        throw new CompaniesHouseError(`Companies House ${what}: the answer is not JSON`, "bad_response", res.status);
      });
      return { status: 200, body };
    }
  }

  function backoff(attempt: number) {
    return Math.min(8000, backoffMs * 2 ** (attempt - 1));
  }

  /** Until the window Companies House names ends (a little after, as the reset is in whole seconds). */
  function rateLimitWait(res: Response): number {
    const reset = Number(res.headers.get("x-ratelimit-reset"));
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - Date.now()) + 100;
    const retryAfter = Number(res.headers.get("retry-after"));
    if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000 + 100;
    return 5000;
  }

  function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CompaniesHouseError(`Companies House ${what}: unexpected answer (${issue?.path.join(".")}: ${issue?.message})`, "bad_response", 200);
    }
    return parsed.data;
  }

  /** Every page of a list, as one body to cache: `{ items, total_results }`; null when the register answers 404. */
  async function allPages(path: string, what: string): Promise<{ items: unknown[]; total_results: number } | null> {
    const items: unknown[] = [];
    let total = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await get(`${path}?items_per_page=${PAGE_SIZE}&start_index=${items.length}`, what);
      if (answer.status === 404) {
        if (page === 0) return null;
        break;
      }
      const body = parse(listPage(z.unknown()), answer.body, what);
      const got = body.items ?? [];
      items.push(...got);
      total = body.total_results ?? items.length;
      if (got.length === 0 || items.length >= total) break;
    }
    return { items, total_results: Math.max(total, items.length) };
  }

  /**
   * The cached body of `path` when fresh enough and of the expected shape, else `load()` stored
   * (a null from load, the register's 404, is not cached: a company registered a minute ago must
   * be found the next time).
   */
  async function cached<T extends z.ZodType>(path: string, schema: T, maxAgeSeconds: number, load: () => Promise<unknown>): Promise<z.infer<T> | null> {
    const key = `${apiUrl}${path}`;
    const hit = await deps.cache.get(key, maxAgeSeconds);
    if (hit !== undefined) {
      const parsed = schema.safeParse(hit);
      if (parsed.success) return parsed.data;
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const body = await load();
        if (body !== null) await deps.cache.put(key, body);
        return body;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const body = await pending;
    return body === null ? null : parse(schema, body, path);
  }

  const maxAge = (options?: { maxAgeSeconds?: number }) => options?.maxAgeSeconds ?? config.cacheSeconds;

  return {
    async getCompanyProfile(companyNumber, options) {
      const number = normaliseCompanyNumber(companyNumber);
      if (!number) return null;
      const path = `/company/${number}`;
      const body = await cached(path, profileBody, maxAge(options), async () => {
        const answer = await get(path, "company profile");
        if (answer.status === 404) return null;
        return parse(profileBody.loose(), answer.body, "company profile");
      });
      return body ? toProfile(body) : null;
    },

    async listOfficers(companyNumber, options) {
      const number = normaliseCompanyNumber(companyNumber);
      if (!number) return null;
      const path = `/company/${number}/officers`;
      const list = await cached(path, fullList(officerItem), maxAge(options), () => allPages(path, "officer list"));
      return list ? list.items.map(toOfficer) : null;
    },

    async listPscs(companyNumber, options) {
      const number = normaliseCompanyNumber(companyNumber);
      if (!number) return null;
      const path = `/company/${number}/persons-with-significant-control`;
      const list = await cached(path, fullList(pscItem), maxAge(options), () => allPages(path, "persons with significant control list"));
      return list ? list.items.map(toPsc) : null;
    },

    async searchCompanies(query, options) {
      const q = query.trim();
      if (!q) return [];
      const limit = Math.min(100, Math.max(1, Math.floor(options?.limit ?? 20)));
      const answer = await get(`/search/companies?${new URLSearchParams({ q, items_per_page: String(limit), start_index: "0" })}`, "company search");
      if (answer.status === 404) return [];
      return (parse(searchBody, answer.body, "company search").items ?? []).slice(0, limit).map(toSearchResult);
    },
  };
}
