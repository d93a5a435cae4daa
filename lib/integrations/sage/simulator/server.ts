import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "../../../html/escape";
import { readBody, sendHtml, sendJson, serveSimulator } from "../../simulator-http";
import { LEDGER_ACCOUNTS, TAX_RATES, loadState, newId, type SimContact, type SimInvoice, type SimInvoiceLine } from "./state";

/**
 * A local stand-in for Sage Business Cloud Accounting v3.1, speaking its wire protocol:
 * - `POST /token`: the OAuth 2 refresh-token grant (form-encoded; client credentials in the body or
 *   HTTP Basic). Every use rotates the refresh token and invalidates the old one, as Sage does;
 *   a spent or unknown token gets 400 `{"error":"invalid_grant"}`. Access tokens last five minutes.
 * - `/v3.1/contacts`, `/v3.1/sales_invoices` (list with `search`, `page`, `items_per_page`,
 *   `attributes`; create; get by id), `/v3.1/ledger_accounts`, `/v3.1/tax_rates`, behind Bearer
 *   tokens, answering lists as `{ $total, $page, $next, $back, $itemsPerPage, $items }` and errors as
 *   Sage's arrays `[{ $severity, $dataCode, $message, $source }]`. Invoice numbers run SI-1, SI-2, …
 * - `/_simulator/…`: the simulator's own read-only view of the invoices (HTML and JSON) for
 *   end-to-end tests, a readiness probe, and `POST /_simulator/fail-next` to make the next API
 *   calls fail (e.g. `{"statuses":[503,503]}`), for testing retries.
 */
export interface SageSimulatorOptions {
  clientId: string;
  clientSecret: string;
  initialRefreshToken: string;
  /** Sage's access tokens last five minutes. */
  accessTokenTtlSeconds?: number;
  /** Keep records and refresh tokens in this JSON file across restarts. */
  stateFile?: string;
}

type SageErrorBody = { $severity: "error"; $dataCode: string; $message: string; $source: string }[];
const error = (dataCode: string, message: string, source = ""): SageErrorBody => [{ $severity: "error", $dataCode: dataCode, $message: message, $source: source }];

const money = (pence: number) => (pence / 100).toFixed(2);
const isDate = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

export function createSageSimulator(options: SageSimulatorOptions) {
  const state = loadState(options.stateFile);
  /**
   * Refresh tokens are signed, so that one issued before a restart of the simulator still works
   * (the portal keeps the newest in its database); each is spent by one use, as at Sage, within a
   * run of the simulator.
   */
  const signingKey = crypto.createHash("sha256").update(`sage-simulator:${options.clientSecret}`).digest();
  const sign = (v: string) => crypto.createHmac("sha256", signingKey).update(v).digest("base64url");
  const spent = new Set<string>();
  const issueRefreshToken = () => {
    const id = crypto.randomBytes(18).toString("base64url");
    return `${id}.${sign(id)}`;
  };
  const refreshTokenValid = (token: string) => {
    if (spent.has(token)) return false;
    if (token === options.initialRefreshToken) return true;
    const [id, mac] = token.split(".");
    if (!id || !mac) return false;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };
  const accessTokens = new Map<string, number>();
  const failures: number[] = [];
  const stats = { tokenRequests: 0 };
  const ttl = options.accessTokenTtlSeconds ?? 300;

  // ---- serialisation, in Sage's shapes ------------------------------------------------------
  const link = (resource: string, id: string, displayedAs: string) => ({ id, displayed_as: displayedAs, $path: `/${resource}/${id}` });

  function contactJson(c: SimContact) {
    return {
      ...link("contacts", c.id, `${c.name} (${c.reference})`),
      name: c.name,
      reference: c.reference,
      contact_types: c.contact_type_ids.map((t) => ({ id: t, displayed_as: t === "CUSTOMER" ? "Customer" : "Supplier", $path: `/contact_types/${t}` })),
      email: c.email,
      tax_number: c.tax_number,
      main_address: c.main_address,
      main_contact_person: c.main_contact_person,
      currency: { id: "GBP", displayed_as: "Pound Sterling (GBP)", $path: "/currencies/GBP" },
      balance: "0.00",
      created_at: c.created_at,
      updated_at: c.created_at,
    };
  }

  function invoiceJson(i: SimInvoice) {
    const contact = state.contacts.find((c) => c.id === i.contact_id)!;
    const net = i.lines.reduce((s, l) => s + l.net_pence, 0);
    const tax = i.lines.reduce((s, l) => s + l.tax_pence, 0);
    const due = new Date(Date.parse(i.date) + 30 * 86_400_000).toISOString().slice(0, 10);
    return {
      ...link("sales_invoices", i.id, i.invoice_number),
      invoice_number: i.invoice_number,
      contact: link("contacts", contact.id, `${contact.name} (${contact.reference})`),
      contact_name: contact.name,
      contact_reference: contact.reference,
      date: i.date,
      due_date: due,
      reference: i.reference,
      notes: i.notes,
      net_amount: money(net),
      tax_amount: money(tax),
      total_amount: money(net + tax),
      outstanding_amount: money(net + tax),
      currency: { id: "GBP", displayed_as: "Pound Sterling (GBP)", $path: "/currencies/GBP" },
      status: { id: "UNPAID", displayed_as: "Unpaid", $path: "/artefact_statuses/UNPAID" },
      invoice_lines: i.lines.map((l) => ({
        id: l.id,
        displayed_as: l.description,
        description: l.description,
        quantity: l.quantity.toFixed(2),
        unit_price: l.unit_price.toFixed(2),
        ledger_account: link("ledger_accounts", l.ledger_account_id, l.ledger_account_id),
        tax_rate: link("tax_rates", l.tax_rate_id, TAX_RATES[l.tax_rate_id]!.name),
        net_amount: money(l.net_pence),
        tax_amount: money(l.tax_pence),
        total_amount: money(l.net_pence + l.tax_pence),
      })),
      created_at: i.created_at,
      updated_at: i.created_at,
    };
  }

  /** Sage list semantics: `$items` carry id, displayed_as and $path plus the requested attributes. */
  function list(res: ServerResponse, url: URL, resource: string, records: Record<string, unknown>[]) {
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const perPage = Math.min(200, Math.max(1, Number(url.searchParams.get("items_per_page")) || 20));
    const attributes = (url.searchParams.get("attributes") ?? "").split(",").map((a) => a.trim()).filter(Boolean);
    const slice = records.slice((page - 1) * perPage, page * perPage);
    const items = slice.map((r) => {
      if (attributes.includes("all")) return r;
      const item: Record<string, unknown> = { id: r.id, displayed_as: r.displayed_as, $path: r.$path };
      for (const a of attributes) if (a in r) item[a] = r[a];
      return item;
    });
    const pageUrl = (p: number) => {
      const q = new URLSearchParams(url.searchParams);
      q.set("page", String(p));
      q.set("items_per_page", String(perPage));
      return `/${resource}?${q}`;
    };
    sendJson(res, 200, {
      $total: records.length,
      $page: page,
      $next: page * perPage < records.length ? pageUrl(page + 1) : null,
      $back: page > 1 ? pageUrl(page - 1) : null,
      $itemsPerPage: perPage,
      $items: items,
    });
  }

  const matches = (search: string | null, ...fields: (string | null | undefined)[]) =>
    !search || fields.some((f) => f?.toLowerCase().includes(search.toLowerCase()));

  // ---- OAuth ---------------------------------------------------------------------------------
  async function token(req: IncomingMessage, res: ServerResponse) {
    stats.tokenRequests++;
    const form = new URLSearchParams(await readBody(req));
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) [clientId, clientSecret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":").map(decodeURIComponent) as [string, string];
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) return sendJson(res, 401, { error: "invalid_client" });
    if (form.get("grant_type") !== "refresh_token") return sendJson(res, 400, { error: "unsupported_grant_type" });
    const presented = form.get("refresh_token") ?? "";
    if (!refreshTokenValid(presented)) return sendJson(res, 400, { error: "invalid_grant" });
    spent.add(presented);
    const refreshToken = issueRefreshToken();
    const accessToken = crypto.randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, Date.now() + ttl * 1000);
    sendJson(res, 200, { access_token: accessToken, expires_in: ttl, token_type: "bearer", refresh_token: refreshToken, refresh_token_expires_in: 2_678_400, scope: "full_access" });
  }

  function authorised(req: IncomingMessage): boolean {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const expires = bearer ? accessTokens.get(bearer) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  // ---- resources -----------------------------------------------------------------------------
  function createContact(body: Record<string, unknown>, res: ServerResponse) {
    const c = body.contact as Record<string, unknown> | undefined;
    if (!c || typeof c !== "object") return sendJson(res, 422, error("RecordInvalid", "contact is missing", "contact"));
    const errors: SageErrorBody = [];
    const name = typeof c.name === "string" ? c.name.trim() : "";
    const reference = typeof c.reference === "string" ? c.reference.trim() : "";
    const types = Array.isArray(c.contact_type_ids) ? c.contact_type_ids : [];
    if (!name) errors.push(...error("RecordInvalid", "can't be blank", "name"));
    if (types.length === 0 || types.some((t) => t !== "CUSTOMER" && t !== "VENDOR")) errors.push(...error("RecordInvalid", "is invalid", "contact_type_ids"));
    if (reference && state.contacts.some((x) => x.reference.toLowerCase() === reference.toLowerCase())) errors.push(...error("RecordInvalid", "has already been taken", "reference"));
    if (errors.length) return sendJson(res, 422, errors);
    const person = (c.main_contact_person as Record<string, unknown> | undefined) ?? null;
    const contact: SimContact = {
      id: newId(),
      name,
      reference,
      contact_type_ids: types as string[],
      email: typeof person?.email === "string" ? person.email : null,
      tax_number: typeof c.tax_number === "string" ? c.tax_number : null,
      main_address: (c.main_address as Record<string, unknown> | undefined) ?? null,
      main_contact_person: person,
      created_at: new Date().toISOString(),
    };
    state.contacts.push(contact);
    state.save();
    sendJson(res, 201, contactJson(contact));
  }

  function createInvoice(body: Record<string, unknown>, res: ServerResponse) {
    const i = body.sales_invoice as Record<string, unknown> | undefined;
    if (!i || typeof i !== "object") return sendJson(res, 422, error("RecordInvalid", "sales_invoice is missing", "sales_invoice"));
    const errors: SageErrorBody = [];
    const contact = state.contacts.find((c) => c.id === i.contact_id);
    if (!contact) errors.push(...error("RecordInvalid", "Contact is invalid", "contact_id"));
    else if (!contact.contact_type_ids.includes("CUSTOMER")) errors.push(...error("RecordInvalid", "Contact must be a customer", "contact_id"));
    if (!isDate(i.date)) errors.push(...error("RecordInvalid", "is not a valid date", "date"));
    const reference = typeof i.reference === "string" ? i.reference : "";
    if (reference.length > 25) errors.push(...error("RecordInvalid", "is too long (maximum is 25 characters)", "reference"));
    if (typeof i.notes === "string" && i.notes.length > 2000) errors.push(...error("RecordInvalid", "is too long (maximum is 2000 characters)", "notes"));
    const rawLines = Array.isArray(i.invoice_lines) ? (i.invoice_lines as Record<string, unknown>[]) : [];
    if (rawLines.length === 0) errors.push(...error("RecordInvalid", "must have at least one line", "invoice_lines"));
    const lines: SimInvoiceLine[] = [];
    rawLines.forEach((l, n) => {
      const at = (field: string) => `invoice_lines.${n}.${field}`;
      const rate = typeof l.tax_rate_id === "string" ? TAX_RATES[l.tax_rate_id] : undefined;
      const quantity = Number(l.quantity);
      const unitPrice = Number(l.unit_price);
      if (typeof l.description !== "string" || !l.description.trim()) errors.push(...error("RecordInvalid", "can't be blank", at("description")));
      if (!Number.isFinite(quantity) || quantity <= 0) errors.push(...error("RecordInvalid", "must be greater than 0", at("quantity")));
      if (!Number.isFinite(unitPrice) || unitPrice < 0) errors.push(...error("RecordInvalid", "is not a number", at("unit_price")));
      if (!LEDGER_ACCOUNTS.some((a) => a.id === l.ledger_account_id)) errors.push(...error("RecordInvalid", "Ledger account is invalid", at("ledger_account_id")));
      if (!rate) errors.push(...error("RecordInvalid", "Tax rate is invalid", at("tax_rate_id")));
      // v3.1 requires the tax amount unless the rate is a zero one.
      if (rate && rate.percentage > 0 && (l.tax_amount === undefined || l.tax_amount === null || !Number.isFinite(Number(l.tax_amount)))) {
        errors.push(...error("RecordInvalid", "can't be blank", at("tax_amount")));
      }
      if (errors.length) return;
      const net = Math.round(quantity * Math.round(unitPrice * 100));
      lines.push({
        id: newId(),
        description: String(l.description),
        quantity,
        unit_price: unitPrice,
        ledger_account_id: String(l.ledger_account_id),
        tax_rate_id: String(l.tax_rate_id),
        net_pence: net,
        tax_pence: rate!.percentage > 0 ? Math.round(Number(l.tax_amount) * 100) : 0,
      });
    });
    if (errors.length) return sendJson(res, 422, errors);
    const invoice: SimInvoice = {
      id: newId(),
      invoice_number: `SI-${state.nextInvoiceNumber++}`,
      contact_id: contact!.id,
      date: i.date as string,
      reference,
      notes: typeof i.notes === "string" ? i.notes : null,
      lines,
      created_at: new Date().toISOString(),
    };
    state.invoices.push(invoice);
    state.save();
    sendJson(res, 201, invoiceJson(invoice));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    if (failures.length) {
      const status = failures.shift()!;
      return sendJson(res, status, status === 429 ? error("TooManyRequests", "Rate limit exceeded") : error("UnexpectedError", "An unexpected error occurred."));
    }
    if (!authorised(req)) return sendJson(res, 401, error("Unauthorized", "Access token is missing, invalid or expired"));
    const search = url.searchParams.get("search");
    let body: Record<string, unknown> = {};
    if (req.method === "POST") {
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        if (!body || typeof body !== "object") throw new Error("not an object");
      } catch {
        return sendJson(res, 400, error("InvalidJSON", "The request body is not valid JSON"));
      }
    }
    const [resource, id, ...rest] = path.split("/").filter(Boolean);
    const notFound = () => sendJson(res, 404, error("RecordNotFound", "Record not found"));
    /** GET of one record by its id: as `toJson` writes it, or Sage's 404. */
    const one = <R extends { id: string }>(records: R[], toJson: (record: R) => unknown) => {
      const record = records.find((x) => x.id === id);
      return record ? sendJson(res, 200, toJson(record)) : notFound();
    };
    if (rest.length) return notFound();
    if (resource === "contacts") {
      if (req.method === "POST" && !id) return createContact(body, res);
      if (req.method === "GET" && id) return one(state.contacts, contactJson);
      if (req.method === "GET") {
        const type = url.searchParams.get("contact_type_id");
        const rows = state.contacts.filter((c) => (!type || c.contact_type_ids.includes(type)) && matches(search, c.name, c.reference, c.email));
        return list(res, url, "contacts", rows.map(contactJson));
      }
    }
    if (resource === "sales_invoices") {
      if (req.method === "POST" && !id) return createInvoice(body, res);
      if (req.method === "GET" && id) return one(state.invoices, invoiceJson);
      if (req.method === "GET") {
        const rows = state.invoices.map(invoiceJson).filter((i) => matches(search, i.invoice_number, i.reference, i.contact_name, i.contact_reference));
        return list(res, url, "sales_invoices", rows);
      }
    }
    if (resource === "ledger_accounts" && req.method === "GET" && !id) {
      const type = url.searchParams.get("ledger_account_type_id");
      const rows = LEDGER_ACCOUNTS.filter((a) => !type || a.ledger_account_type_id === type).map((a) => ({
        ...link("ledger_accounts", a.id, `${a.name} (${a.nominal_code})`),
        nominal_code: a.nominal_code,
        name: a.name,
        ledger_account_type: { id: a.ledger_account_type_id },
      }));
      return list(res, url, "ledger_accounts", rows.filter((r) => matches(search, r.name, String(r.nominal_code))));
    }
    if (resource === "tax_rates" && req.method === "GET" && !id) {
      return list(res, url, "tax_rates", Object.entries(TAX_RATES).map(([rid, r]) => ({ ...link("tax_rates", rid, r.name), name: r.name, percentage: r.percentage.toFixed(2) })));
    }
    return notFound();
  }

  // ---- the simulator's own pages -------------------------------------------------------------
  function invoicesPage(res: ServerResponse) {
    const rows = state.invoices.map(invoiceJson);
    sendHtml(
      res,
      200,
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Sage simulator: sales invoices</title></head><body>
<h1>Sage simulator: sales invoices</h1>
<table><thead><tr><th>Invoice number</th><th>Reference</th><th>Customer</th><th>Date</th><th>Net</th><th>VAT</th><th>Total</th></tr></thead><tbody>
${rows.map((i) => `<tr><td>${escapeHtml(i.invoice_number)}</td><td>${escapeHtml(i.reference)}</td><td>${escapeHtml(`${i.contact_name} (${i.contact_reference})`)}</td><td>${i.date}</td><td>${i.net_amount}</td><td>${i.tax_amount}</td><td>${i.total_amount}</td></tr>`).join("\n")}
</tbody></table>${rows.length ? "" : "<p>No invoices yet.</p>"}</body></html>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.local");
    const p = url.pathname;
    if (p === "/token" && req.method === "POST") return token(req, res);
    if (p.startsWith("/v3.1/")) return api(req, res, url, p.slice("/v3.1".length));
    if (p === "/_simulator/health") return sendJson(res, 200, { ok: true });
    if (p === "/_simulator/invoices" && req.method === "GET") return sendJson(res, 200, { invoices: state.invoices.map(invoiceJson) });
    if (p === "/_simulator" && req.method === "GET") return invoicesPage(res);
    if (p === "/_simulator/fail-next" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as { statuses?: unknown };
      const statuses = Array.isArray(body.statuses) ? body.statuses.map(Number).filter((s) => s >= 400 && s < 600) : [];
      failures.push(...statuses);
      return sendJson(res, 200, { pending: failures.length });
    }
    sendJson(res, 404, error("RecordNotFound", "Not found"));
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse) {
      handle(req, res).catch((err: Error) => {
        if (!res.headersSent) sendJson(res, 500, error("UnexpectedError", err.message));
      });
    },
    state,
    stats,
    /** The next API calls (not token requests) answer these statuses, in order. */
    failNext(...statuses: number[]) {
      failures.push(...statuses);
    },
    /** Ends every access token now (as if Sage had revoked them). */
    expireAccessTokens() {
      accessTokens.clear();
    },
  };
}

export type SageSimulator = ReturnType<typeof createSageSimulator>;

/** Starts the simulator on `port` (0 = any free port) of the loopback interface. */
export async function startSageSimulator(options: SageSimulatorOptions & { port?: number; host?: string }) {
  const served = await serveSimulator(createSageSimulator(options), options.port, options.host);
  return { ...served, apiBase: `${served.origin}/v3.1`, tokenUrl: `${served.origin}/token` };
}
