import crypto from "node:crypto";
import { z } from "zod";
import type { CredentialStore } from "./credential-store";
import { SageError, sageErrorFromResponse } from "./errors";
import type { NewSageContact, NewSalesInvoice, SageClient, SageContact, SageInvoice } from "./types";

export interface SageConfig {
  /** e.g. https://api.accounting.sage.com/v3.1 */
  apiBase: string;
  /** e.g. https://oauth.accounting.sage.com/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The configured refresh token: used until Sage hands back a newer one, which the store keeps. */
  refreshToken: string;
  salesLedgerAccountId?: string;
  /** Per-request time-out. */
  timeoutMs?: number;
}

/** An access token is renewed this long before Sage says it expires (clock skew, slow calls). */
const EXPIRY_MARGIN_MS = 60_000;
const PAGE_SIZE = 200;
/** A search that matches this many pages is not a lookup by reference any more: stop there. */
const MAX_PAGES = 10;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
});

/** Sage returns decimals as strings ("120.0") or numbers; either becomes a number. */
const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: "not a number" });
  return n;
});

const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ $items: z.array(item), $total: z.number().optional(), $next: z.string().nullish() });

const contactItem = z.object({ id: z.string(), name: z.string().nullish(), displayed_as: z.string().nullish(), reference: z.string().nullish() });
const invoiceItem = z.object({
  id: z.string(),
  invoice_number: z.string().nullish(),
  reference: z.string().nullish(),
  contact: z.object({ id: z.string() }).nullish(),
  net_amount: amount.nullish(),
  tax_amount: amount.nullish(),
  total_amount: amount.nullish(),
});
const ledgerItem = z.object({ id: z.string(), nominal_code: z.union([z.string(), z.number()]).nullish() });

const sha256 = (v: string) => crypto.createHash("sha256").update(v).digest("hex");

/** Pounds with two decimals, computed in whole pence so that no float error reaches Sage. */
const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (p: number) => p / 100;

function toContact(c: z.infer<typeof contactItem>): SageContact {
  return { id: c.id, name: c.name ?? c.displayed_as ?? "", reference: c.reference ?? "" };
}

function toInvoice(i: z.infer<typeof invoiceItem>): SageInvoice {
  return {
    id: i.id,
    invoiceNumber: i.invoice_number ?? "",
    reference: i.reference ?? "",
    contactId: i.contact?.id,
    netAmount: i.net_amount ?? 0,
    taxAmount: i.tax_amount ?? 0,
    totalAmount: i.total_amount ?? 0,
  };
}

/**
 * The Sage Business Cloud Accounting v3.1 client: OAuth 2 refresh-token grant, then JSON calls with
 * a Bearer token. Sage rotates the refresh token on every use and invalidates the old one, so the
 * newest one lives in `store`, which also serialises refreshes between processes. The access token
 * (Sage's last five minutes) is kept in memory and in the store until shortly before it expires.
 */
export function createSageAdapter(config: SageConfig, store: CredentialStore, fetchImpl: typeof fetch = fetch): SageClient & { accessToken(): Promise<string> } {
  const apiBase = config.apiBase.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  let cached: { token: string; expiresAt: number } | undefined;
  let refreshing: Promise<string> | undefined;
  let salesLedger: Promise<string> | undefined;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new SageError(`Sage ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { code: "NetworkError", retryable: true });
    }
  }

  async function requestToken(refreshToken: string) {
    const res = await send(
      config.tokenUrl,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: config.clientId, client_secret: config.clientSecret, refresh_token: refreshToken }),
      },
      "token refresh",
    );
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const code = typeof body === "object" && body && "error" in body ? String((body as { error: unknown }).error) : `HTTP${res.status}`;
      // invalid_grant / invalid_client need a person (a new authorisation or new credentials).
      const retryable = res.status === 429 || res.status >= 500;
      throw new SageError(`Sage token refresh failed (${res.status} ${code})`, { status: res.status, code, retryable });
    }
    const parsed = tokenResponse.safeParse(body);
    if (!parsed.success) throw new SageError("Sage token refresh returned no access token", { status: res.status, code: "BadTokenResponse", retryable: true });
    return parsed.data;
  }

  /** A fresh access token, unless another process got one meanwhile (other than `rejected`). */
  function refresh(rejected?: string): Promise<string> {
    refreshing ??= store
      .withLock(async (current) => {
        const now = Date.now();
        if (current.accessToken && current.accessToken !== rejected && (current.accessTokenExpiresAt?.getTime() ?? 0) - EXPIRY_MARGIN_MS > now) {
          return { result: { token: current.accessToken, expiresAt: current.accessTokenExpiresAt!.getTime() } };
        }
        // The configured token wins when the operator has configured a different one since this
        // row was started (a new authorisation); otherwise the newest token Sage gave us.
        const seedHash = sha256(config.refreshToken);
        const refreshToken = current.refreshToken && current.seedHash === seedHash ? current.refreshToken : config.refreshToken;
        const token = await requestToken(refreshToken);
        const expiresAt = now + token.expires_in * 1000;
        return {
          save: { refreshToken: token.refresh_token ?? refreshToken, seedHash, accessToken: token.access_token, accessTokenExpiresAt: new Date(expiresAt) },
          result: { token: token.access_token, expiresAt },
        };
      })
      .then((t) => {
        cached = t;
        return t.token;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    return refresh();
  }

  /** One API call; a 401 (token revoked or expired early) gets one retry with a new token. */
  async function call(method: "GET" | "POST", pathOrUrl: string, what: string, body?: unknown): Promise<unknown> {
    const url = resolve(pathOrUrl);
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const res = await send(
        url,
        { method, headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined },
        what,
      );
      const parsed: unknown = await res.json().catch(() => undefined);
      if (res.ok) return parsed;
      if (res.status === 401 && attempt === 0) {
        cached = undefined;
        await refresh(token);
        continue;
      }
      throw sageErrorFromResponse(res.status, parsed, what);
    }
  }

  /** Sage's `$next` is a path under the API base ("/contacts?page=2"); accept full URLs too. */
  function resolve(pathOrUrl: string): string {
    if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
    const base = new URL(apiBase);
    const versionPrefix = base.pathname.replace(/\/+$/, "");
    if (pathOrUrl.startsWith(`${versionPrefix}/`)) return `${base.origin}${pathOrUrl}`;
    return `${apiBase}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
    const result = schema.safeParse(value);
    if (!result.success) throw new SageError(`Sage ${what}: unexpected response (${result.error.issues[0]?.message})`, { code: "BadResponse", retryable: false });
    return result.data;
  }

  /** Every item of a searched list, following `$next`, filtered by `keep`. */
  async function search<T extends z.ZodType>(path: string, item: T, what: string, keep: (i: z.infer<T>) => boolean): Promise<z.infer<T>[]> {
    const found: z.infer<T>[] = [];
    let next: string | null | undefined = path;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const list: { $items: z.infer<T>[]; $next?: string | null } = parse(listResponse(item), await call("GET", next, what), what);
      found.push(...list.$items.filter(keep));
      next = list.$next;
    }
    return found;
  }

  function ledgerAccountFor(line: { ledgerAccountId?: string }): Promise<string> {
    if (line.ledgerAccountId) return Promise.resolve(line.ledgerAccountId);
    if (config.salesLedgerAccountId) return Promise.resolve(config.salesLedgerAccountId);
    salesLedger ??= (async () => {
      const q = new URLSearchParams({ ledger_account_type_id: "SALES", attributes: "nominal_code", items_per_page: String(PAGE_SIZE) });
      const accounts = await search(`/ledger_accounts?${q}`, ledgerItem, "ledger account lookup", () => true);
      const chosen = accounts.find((a) => String(a.nominal_code) === "4000") ?? accounts[0];
      if (!chosen) throw new SageError("Sage has no sales ledger account; set SAGE_SALES_LEDGER_ACCOUNT_ID", { code: "NoSalesLedgerAccount", retryable: false });
      return chosen.id;
    })().catch((err) => {
      salesLedger = undefined;
      throw err;
    });
    return salesLedger;
  }

  return {
    accessToken,

    async findContactByReference(reference) {
      // Sage's search is a fuzzy match over name, reference and more: keep exact references only.
      const q = new URLSearchParams({ search: reference, attributes: "name,reference", items_per_page: String(PAGE_SIZE) });
      const found = await search(`/contacts?${q}`, contactItem, "contact lookup", (c) => c.reference === reference);
      return found[0] ? toContact(found[0]) : null;
    },

    async createContact(contact: NewSageContact) {
      const a = contact.address;
      const body = {
        contact: {
          name: contact.name,
          reference: contact.reference,
          contact_type_ids: [contact.contactType ?? "CUSTOMER"],
          ...(contact.taxNumber ? { tax_number: contact.taxNumber } : {}),
          ...(a
            ? { main_address: { address_line_1: a.line1, address_line_2: a.line2, city: a.city, region: a.region, postal_code: a.postalCode, country_id: a.countryCode } }
            : {}),
          ...(contact.email || contact.telephone || contact.contactPersonName
            ? { main_contact_person: { name: contact.contactPersonName ?? contact.name, email: contact.email, telephone: contact.telephone, is_main_contact: true } }
            : {}),
        },
      };
      return toContact(parse(contactItem, await call("POST", "/contacts", "contact creation", body), "contact creation"));
    },

    async findInvoiceByReference(reference) {
      const q = new URLSearchParams({ search: reference, attributes: "invoice_number,reference,contact,net_amount,tax_amount,total_amount", items_per_page: String(PAGE_SIZE) });
      const found = await search(`/sales_invoices?${q}`, invoiceItem, "invoice lookup", (i) => i.reference === reference);
      return found[0] ? toInvoice(found[0]) : null;
    },

    async createSalesInvoice(invoice: NewSalesInvoice) {
      const lines = await Promise.all(
        invoice.lines.map(async (line) => {
          const netPence = Math.round(line.quantity * pence(line.unitPrice));
          const taxPence = Math.round((netPence * line.taxRatePercent) / 100);
          return {
            description: line.description,
            quantity: line.quantity,
            unit_price: pounds(pence(line.unitPrice)),
            ledger_account_id: await ledgerAccountFor(line),
            tax_rate_id: line.taxRateId,
            net_amount: pounds(netPence),
            tax_amount: pounds(taxPence),
            total_amount: pounds(netPence + taxPence),
          };
        }),
      );
      const body = { sales_invoice: { contact_id: invoice.contactId, date: invoice.date, reference: invoice.reference, notes: invoice.notes, invoice_lines: lines } };
      return toInvoice(parse(invoiceItem, await call("POST", "/sales_invoices", "invoice creation", body), "invoice creation"));
    },
  };
}
