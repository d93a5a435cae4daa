import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "../../../html/escape";
import { readBody, serveSimulator } from "../../simulator-http";
import { officersOf, profileJson, pscsOf, searchItemJson, seedCompanies, type SeedCompany } from "./register";

/**
 * A local stand-in for the Companies House public data API, speaking its wire protocol:
 * - HTTP Basic authentication with an API key as the user name and an empty password; anything
 *   else is 401 `{"error":"Invalid Authorization","type":"ch:service"}`.
 * - `GET /company/{number}`, `/company/{number}/officers`, `/company/{number}/persons-with-
 *   significant-control` (paged by `items_per_page` and `start_index`, answering `items`,
 *   `items_per_page`, `start_index`, `total_results` and the active / resigned or ceased counts) and
 *   `/search/companies?q=` over the register of ./register.ts; an unknown company is 404
 *   `{"errors":[{"error":"company-profile-not-found","type":"ch:service"}]}`.
 * - A rate limit per key: `rateLimit` requests in a window of `rateWindowSeconds` (Companies House:
 *   600 in 5 minutes), every answer carrying `X-Ratelimit-Limit`, `X-Ratelimit-Remain`,
 *   `X-Ratelimit-Reset` (epoch seconds) and `X-Ratelimit-Window`; beyond it 429.
 * - `/_simulator/…`: a readiness probe, the register as a page, request counts
 *   (`GET /_simulator/stats`), `POST /_simulator/fail-next {"statuses":[503]}` to make the next API
 *   calls fail, and `POST /_simulator/reset` to clear the counts and rate windows.
 */
export interface CompaniesHouseSimulatorOptions {
  /** The API keys accepted. */
  apiKeys: string[];
  rateLimit?: number;
  rateWindowSeconds?: number;
  /** The day filing dates are counted from (default: the day of each request). */
  today?: () => Date;
  log?: (line: string) => void;
}

const chError = (error: string) => ({ errors: [{ error, type: "ch:service" }] });

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** `items_per_page` and `start_index` as Companies House reads them: defaults, and at most `max` per page. */
function paging(url: URL, defaultSize: number, max = 100) {
  const size = Number(url.searchParams.get("items_per_page"));
  const start = Number(url.searchParams.get("start_index"));
  return {
    itemsPerPage: Number.isInteger(size) && size > 0 ? Math.min(size, max) : defaultSize,
    startIndex: Number.isInteger(start) && start > 0 ? start : 0,
  };
}

export function createCompaniesHouseSimulator(options: CompaniesHouseSimulatorOptions) {
  const limit = options.rateLimit ?? 600;
  const windowMs = (options.rateWindowSeconds ?? 300) * 1000;
  const today = options.today ?? (() => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`));
  const companies = new Map<string, SeedCompany>(seedCompanies.map((c) => [c.number, c]));
  const windows = new Map<string, { start: number; used: number }>();
  const failures: number[] = [];
  const stats = { requests: 0, rateLimited: 0, unauthorized: 0, failed: 0, byPath: {} as Record<string, number> };

  function apiKeyOf(req: IncomingMessage): string | undefined {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!basic) return undefined;
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const user = colon >= 0 ? decoded.slice(0, colon) : decoded;
    return options.apiKeys.includes(user) ? user : undefined;
  }

  /** Counts the request in the key's window; the rate-limit headers, and whether it is over. */
  function rate(key: string): { over: boolean; headers: Record<string, string> } {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now >= w.start + windowMs) windows.set(key, (w = { start: now, used: 0 }));
    const over = w.used >= limit;
    if (!over) w.used++;
    const seconds = windowMs / 1000;
    return {
      over,
      headers: {
        "X-Ratelimit-Limit": String(limit),
        "X-Ratelimit-Remain": String(Math.max(0, limit - w.used)),
        "X-Ratelimit-Reset": String(Math.ceil((w.start + windowMs) / 1000)),
        "X-Ratelimit-Window": seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`,
      },
    };
  }

  function list(res: ServerResponse, url: URL, headers: Record<string, string>, self: string, items: { resigned_on?: string; ceased_on?: string }[], kind: "officers" | "pscs") {
    const { itemsPerPage, startIndex } = paging(url, kind === "officers" ? 35 : 25);
    const page = items.slice(startIndex, startIndex + itemsPerPage);
    const inactive = items.filter((i) => (kind === "officers" ? i.resigned_on : i.ceased_on)).length;
    const counts =
      kind === "officers"
        ? { kind: "officer-list", active_count: items.length - inactive, resigned_count: inactive, inactive_count: 0 }
        : { active_count: items.length - inactive, ceased_count: inactive };
    sendJson(res, 200, { ...counts, items_per_page: itemsPerPage, start_index: startIndex, total_results: items.length, items: page, links: { self } }, headers);
  }

  function search(res: ServerResponse, url: URL, headers: Record<string, string>) {
    const q = (url.searchParams.get("q") ?? "").trim().toUpperCase();
    if (!q) return sendJson(res, 400, chError("q-required"), headers);
    const { itemsPerPage, startIndex } = paging(url, 20);
    const words = q.split(/\s+/);
    const found = [...companies.values()]
      .filter((c) => c.number === q.replace(/\s+/g, "") || words.every((w) => c.name.includes(w)))
      .sort((a, b) => Number(b.name.startsWith(q)) - Number(a.name.startsWith(q)) || a.name.localeCompare(b.name));
    sendJson(
      res,
      200,
      {
        kind: "search#companies",
        items: found.slice(startIndex, startIndex + itemsPerPage).map(searchItemJson),
        items_per_page: itemsPerPage,
        page_number: Math.floor(startIndex / itemsPerPage) + 1,
        start_index: startIndex,
        total_results: found.length,
      },
      headers,
    );
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const key = apiKeyOf(req);
    if (!key) {
      stats.unauthorized++;
      return sendJson(res, 401, { error: "Invalid Authorization", type: "ch:service" });
    }
    const { over, headers } = rate(key);
    if (over) {
      stats.rateLimited++;
      return sendJson(res, 429, chError("rate-limit-exceeded"), headers);
    }
    stats.requests++;
    const path = url.pathname.replace(/\/+$/, "");
    stats.byPath[path] = (stats.byPath[path] ?? 0) + 1;
    if (failures.length) {
      stats.failed++;
      return sendJson(res, failures.shift()!, chError("service-unavailable"), headers);
    }
    if (req.method !== "GET") return sendJson(res, 405, chError("method-not-allowed"), headers);
    if (path === "/search/companies") return search(res, url, headers);
    const m = /^\/company\/([^/]+)(?:\/(officers|persons-with-significant-control))?$/.exec(path);
    if (!m) return sendJson(res, 404, chError("not-found"), headers);
    const company = companies.get(decodeURIComponent(m[1]!).toUpperCase());
    if (!m[2]) return company ? sendJson(res, 200, profileJson(company, today()), headers) : sendJson(res, 404, chError("company-profile-not-found"), headers);
    if (!company) return sendJson(res, 404, chError(m[2] === "officers" ? "company-officers-not-found" : "company-psc-not-found"), headers);
    if (m[2] === "officers") return list(res, url, headers, `/company/${company.number}/officers`, officersOf(company), "officers");
    return list(res, url, headers, `/company/${company.number}/persons-with-significant-control`, pscsOf(company), "pscs");
  }

  function registerPage(res: ServerResponse) {
    const rows = [...companies.values()]
      .map((c) => `<tr><td>${c.number}</td><td>${escapeHtml(c.name)}</td><td>${c.status}</td><td>${c.type}</td><td>${c.officers.length}</td><td>${c.pscs.length}</td></tr>`)
      .join("\n");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Companies House simulator: the register</title></head><body>
<h1>Companies House simulator: the register</h1>
<table><thead><tr><th>Company number</th><th>Name</th><th>Status</th><th>Type</th><th>Officers</th><th>Persons with significant control</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.local");
    const p = url.pathname;
    if (p === "/_simulator/health") return sendJson(res, 200, { ok: true });
    if (p === "/_simulator" && req.method === "GET") return registerPage(res);
    if (p === "/_simulator/stats" && req.method === "GET") return sendJson(res, 200, stats);
    if (p === "/_simulator/fail-next" && req.method === "POST") {
      const body = JSON.parse((await readBody(req, 64 * 1024)) || "{}") as { statuses?: unknown };
      failures.push(...(Array.isArray(body.statuses) ? body.statuses.map(Number).filter((s) => s >= 400 && s < 600) : []));
      return sendJson(res, 200, { pending: failures.length });
    }
    if (p === "/_simulator/reset" && req.method === "POST") {
      windows.clear();
      failures.length = 0;
      Object.assign(stats, { requests: 0, rateLimited: 0, unauthorized: 0, failed: 0, byPath: {} });
      return sendJson(res, 200, { ok: true });
    }
    if (p.startsWith("/_simulator")) return sendJson(res, 404, chError("not-found"));
    return api(req, res, url);
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse) {
      handle(req, res).catch((err: Error) => {
        options.log?.(`error: ${err.message}`);
        if (!res.headersSent) sendJson(res, 500, chError("internal-error"));
      });
    },
    stats,
    failNext(...statuses: number[]) {
      failures.push(...statuses);
    },
  };
}

export type CompaniesHouseSimulator = ReturnType<typeof createCompaniesHouseSimulator>;

/** Starts the simulator on `port` (0 = any free port) of the loopback interface. */
export async function startCompaniesHouseSimulator(options: CompaniesHouseSimulatorOptions & { port?: number; host?: string }) {
  return serveSimulator(createCompaniesHouseSimulator(options), options.port, options.host);
}
