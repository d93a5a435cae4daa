// The Sage adapter against the Sage simulator, over HTTP, with the refresh token kept in the
// database as in production.
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { integrationCredentials } from "@/db/schema";
import { unseal } from "@/lib/crypto/seal";
import { parseEnv } from "@/lib/env";
import { databaseCredentialStore } from "@/lib/integrations/sage/credential-store";
import { SAGE_DEV_CREDENTIALS } from "@/lib/integrations/sage/dev-credentials";
import { SageError } from "@/lib/integrations/sage/errors";
import { chooseSage } from "@/lib/integrations/sage";
import { createSageAdapter } from "@/lib/integrations/sage/sage-adapter";
import { LEDGER_ACCOUNTS } from "@/lib/integrations/sage/simulator/state";
import { startSageSimulator } from "@/lib/integrations/sage/simulator/server";

const provider = "sage-contract-test";
const secret = "contract-test-secret-0123456789abcdef";
let sim: Awaited<ReturnType<typeof startSageSimulator>>;

beforeAll(async () => {
  sim = await startSageSimulator({ port: 0, clientId: SAGE_DEV_CREDENTIALS.clientId, clientSecret: SAGE_DEV_CREDENTIALS.clientSecret, initialRefreshToken: SAGE_DEV_CREDENTIALS.refreshToken });
});
afterAll(() => sim.close());

function adapter(overrides: { refreshToken?: string } = {}) {
  return createSageAdapter(
    { apiBase: sim.apiBase, tokenUrl: sim.tokenUrl, clientId: SAGE_DEV_CREDENTIALS.clientId, clientSecret: SAGE_DEV_CREDENTIALS.clientSecret, refreshToken: overrides.refreshToken ?? SAGE_DEV_CREDENTIALS.refreshToken },
    databaseCredentialStore({ provider, db: getDb, secret }),
  );
}

async function storedRow() {
  const db = await getDb();
  const [row] = await db.select().from(integrationCredentials).where(eq(integrationCredentials.provider, provider));
  return row;
}

function postToken(refreshToken: string) {
  return fetch(sim.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", client_id: SAGE_DEV_CREDENTIALS.clientId, client_secret: SAGE_DEV_CREDENTIALS.clientSecret, refresh_token: refreshToken }),
  });
}

async function caught(promise: Promise<unknown>): Promise<SageError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(SageError);
  return err as SageError;
}

const line = { description: "Identity verification of a director", quantity: 2, unitPrice: 125.5, taxRateId: "GB_STANDARD", taxRatePercent: 20 };

describe("Sage v3.1 adapter against the simulator", () => {
  describe("OAuth refresh-token grant", () => {
    // The order matters: the first test spends the configured token, the next ones live on the
    // rotated tokens stored in the database.
    it("spends the configured refresh token once, keeps the rotated one (sealed) and caches the access token", async () => {
      const db = await getDb();
      await db.delete(integrationCredentials).where(eq(integrationCredentials.provider, provider));
      const before = sim.sim.stats.tokenRequests;
      const sage = adapter();
      await sage.findContactByReference("NOBODY01");
      await sage.findInvoiceByReference("NOBODY01");
      expect(sim.sim.stats.tokenRequests - before).toBe(1);

      const row = await storedRow();
      const stored = unseal(row!.refreshToken!, secret, `integration-credentials:${provider}`);
      expect(row!.refreshToken).not.toContain(stored);
      expect(stored).not.toBe(SAGE_DEV_CREDENTIALS.refreshToken);
      expect(row!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 200_000);
      // Rotation: the token Sage handed out first is dead now.
      const reuse = await postToken(SAGE_DEV_CREDENTIALS.refreshToken);
      expect(reuse.status).toBe(400);
      expect(await reuse.json()).toEqual({ error: "invalid_grant" });
    });

    it("after a restart, reuses the stored access token, and on 401 refreshes with the stored refresh token", async () => {
      const first = adapter();
      await first.findContactByReference("NOBODY02");
      const requests = sim.sim.stats.tokenRequests;
      // A new process: nothing in memory. The stored access token is still good.
      await adapter().findContactByReference("NOBODY02");
      expect(sim.sim.stats.tokenRequests).toBe(requests);
      // Sage ends the access token early: the next process gets 401, refreshes once and carries on.
      const storedBefore = (await storedRow())!.refreshToken;
      sim.sim.expireAccessTokens();
      await expect(adapter().findContactByReference("NOBODY02")).resolves.toBeNull();
      expect(sim.sim.stats.tokenRequests).toBe(requests + 1);
      expect((await storedRow())!.refreshToken).not.toBe(storedBefore);
    });

    it("lets only one of several processes refresh at a time, so the rotating token is never spent twice", async () => {
      sim.sim.expireAccessTokens();
      const db = await getDb();
      await db.update(integrationCredentials).set({ accessToken: null, accessTokenExpiresAt: null }).where(eq(integrationCredentials.provider, provider));
      const requests = sim.sim.stats.tokenRequests;
      const processes = Array.from({ length: 5 }, () => adapter());
      const results = await Promise.all(processes.map((p) => p.findContactByReference("NOBODY03")));
      expect(results).toEqual([null, null, null, null, null]);
      expect(sim.sim.stats.tokenRequests).toBe(requests + 1);
    });

    it("maps a dead refresh token to a non-retryable invalid_grant and stores nothing", async () => {
      const db = await getDb();
      await db.delete(integrationCredentials).where(eq(integrationCredentials.provider, provider));
      const err = await caught(adapter({ refreshToken: "revoked-token" }).findContactByReference("X"));
      expect(err).toMatchObject({ code: "invalid_grant", status: 400, retryable: false });
      expect(await storedRow()).toBeUndefined();
    });

    it("refuses wrong client credentials with invalid_client", async () => {
      const res = await fetch(sim.tokenUrl, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "refresh_token", client_id: "x", client_secret: "y", refresh_token: "z" }) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "invalid_client" });
    });

    it("answers API calls without a valid Bearer token with Sage's 401 error array", async () => {
      const res = await fetch(`${sim.apiBase}/contacts`, { headers: { Authorization: "Bearer nope" } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ $severity: "error", $dataCode: "Unauthorized", $message: expect.any(String), $source: "" }]);
    });
  });

  describe("resources (fresh simulator: the first token)", () => {
    let local: Awaited<ReturnType<typeof startSageSimulator>>;
    let sage: ReturnType<typeof createSageAdapter>;
    beforeAll(async () => {
      local = await startSageSimulator({ port: 0, clientId: "c", clientSecret: "s", initialRefreshToken: "first" });
      const db = await getDb();
      await db.delete(integrationCredentials).where(eq(integrationCredentials.provider, `${provider}-resources`));
      sage = createSageAdapter(
        { apiBase: local.apiBase, tokenUrl: local.tokenUrl, clientId: "c", clientSecret: "s", refreshToken: "first" },
        databaseCredentialStore({ provider: `${provider}-resources`, db: getDb, secret }),
      );
    });
    afterAll(() => local.close());

    it("finds a customer contact by its exact reference, not by Sage's fuzzy search", async () => {
      expect(await sage.findContactByReference("HWH7K2QP")).toBeNull();
      const created = await sage.createContact({
        name: "Hartwell Holdings Ltd",
        reference: "HWH7K2QP",
        email: "accounts@hartwell-holdings.example",
        contactPersonName: "Olivia Bennett",
        address: { line1: "1 High Street", city: "Leeds", postalCode: "LS1 1AA", countryCode: "GB" },
      });
      await sage.createContact({ name: "Hartwell Holdings (Two) Ltd", reference: "HWH7K2QP2" });
      expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: "Hartwell Holdings Ltd", reference: "HWH7K2QP" });
      expect(await sage.findContactByReference("HWH7K2QP")).toEqual(created);
      const stored = local.sim.state.contacts.find((c) => c.id === created.id)!;
      expect(stored).toMatchObject({ contact_type_ids: ["CUSTOMER"], email: "accounts@hartwell-holdings.example", main_address: { address_line_1: "1 High Street", postal_code: "LS1 1AA", country_id: "GB" } });
    });

    it("maps Sage's error array for a refused contact to a non-retryable error", async () => {
      const err = await caught(sage.createContact({ name: "Someone Else Ltd", reference: "HWH7K2QP" }));
      expect(err).toMatchObject({ status: 422, code: "RecordInvalid", retryable: false });
      expect(err.errors).toEqual([{ severity: "error", dataCode: "RecordInvalid", message: "has already been taken", source: "reference" }]);
      const blank = await caught(sage.createContact({ name: " ", reference: "NEW00001" }));
      expect(blank.errors.map((e) => e.source)).toEqual(["name"]);
    });

    it("raises a sales invoice SI-n on the sales ledger and finds it again by reference", async () => {
      const contact = (await sage.findContactByReference("HWH7K2QP"))!;
      expect(await sage.findInvoiceByReference("REQ-HWH7K2QP-1")).toBeNull();
      const invoice = await sage.createSalesInvoice({ contactId: contact.id, date: "2026-03-02", reference: "REQ-HWH7K2QP-1", notes: "PO 4471", lines: [line] });
      expect(invoice).toEqual({ id: expect.any(String), invoiceNumber: "SI-1", reference: "REQ-HWH7K2QP-1", contactId: contact.id, netAmount: 251, taxAmount: 50.2, totalAmount: 301.2 });
      expect(await sage.findInvoiceByReference("REQ-HWH7K2QP-1")).toEqual(invoice);
      expect(await sage.findInvoiceByReference("REQ-HWH7K2QP")).toBeNull();
      const [stored] = local.sim.state.invoices;
      expect(stored!.lines[0]).toMatchObject({ ledger_account_id: LEDGER_ACCOUNTS[0].id, tax_rate_id: "GB_STANDARD", unit_price: 125.5, quantity: 2 });
      expect(stored!.notes).toBe("PO 4471");

      const exempt = await sage.createSalesInvoice({ contactId: contact.id, date: "2026-03-03", reference: "REQ-HWH7K2QP-2", lines: [{ ...line, quantity: 1, taxRateId: "GB_EXEMPT", taxRatePercent: 0 }] });
      expect(exempt).toMatchObject({ invoiceNumber: "SI-2", netAmount: 125.5, taxAmount: 0, totalAmount: 125.5 });
    });

    it("maps a refused invoice's error array, with each field named", async () => {
      const contact = (await sage.findContactByReference("HWH7K2QP"))!;
      const err = await caught(sage.createSalesInvoice({ contactId: contact.id, date: "2026-13-40", reference: "R".repeat(26), lines: [{ ...line, taxRateId: "GB_NOPE" }] }));
      expect(err).toMatchObject({ status: 422, code: "RecordInvalid", retryable: false });
      expect(err.errors.map((e) => e.source).sort()).toEqual(["date", "invoice_lines.0.tax_rate_id", "reference"]);
      const noContact = await caught(sage.createSalesInvoice({ contactId: "0".repeat(32), date: "2026-03-02", reference: "R1", lines: [line] }));
      expect(noContact.errors[0]).toMatchObject({ dataCode: "RecordInvalid", source: "contact_id" });
    });

    it("marks rate limits and Sage's own failures as retryable", async () => {
      local.sim.failNext(503);
      expect(await caught(sage.findInvoiceByReference("X"))).toMatchObject({ status: 503, code: "UnexpectedError", retryable: true });
      local.sim.failNext(429);
      expect(await caught(sage.findInvoiceByReference("X"))).toMatchObject({ status: 429, code: "TooManyRequests", retryable: true });
      await expect(sage.findInvoiceByReference("X")).resolves.toBeNull();
    });

    it("marks an unreachable Sage as retryable", async () => {
      const down = createSageAdapter({ apiBase: "http://127.0.0.1:9/v3.1", tokenUrl: "http://127.0.0.1:9/token", clientId: "c", clientSecret: "s", refreshToken: "t" }, databaseCredentialStore({ provider: `${provider}-down`, db: getDb, secret }));
      expect(await caught(down.findContactByReference("X"))).toMatchObject({ code: "NetworkError", retryable: true });
    });

    it("follows $next through a long search result", async () => {
      for (let n = 0; n < 205; n++) await sage.createContact({ name: `Paged Company ${n}`, reference: `PG${String(n).padStart(4, "0")}` });
      const list = (await (await fetch(`${local.apiBase}/contacts?search=Paged&items_per_page=200`, { headers: { Authorization: `Bearer ${await sage.accessToken()}` } })).json()) as { $total: number; $next: string; $items: unknown[] };
      expect(list).toMatchObject({ $total: 205, $page: 1, $itemsPerPage: 200, $next: expect.stringMatching(/^\/contacts\?.*page=2/) });
      expect(list.$items[0]).toEqual({ id: expect.any(String), displayed_as: "Paged Company 0 (PG0000)", $path: expect.stringMatching(/^\/contacts\//) });
      expect(await sage.findContactByReference("PG0204")).toMatchObject({ name: "Paged Company 204" });
    });
  });

  it("is chosen from the configuration, and refuses to guess when Sage is not configured", () => {
    expect(() => chooseSage(parseEnv({}))).toThrow(/Sage is not configured/);
    expect(chooseSage(parseEnv({ SAGE_API_BASE: sim.apiBase, SAGE_TOKEN_URL: sim.tokenUrl, SAGE_CLIENT_ID: "a", SAGE_CLIENT_SECRET: "b", SAGE_REFRESH_TOKEN: "c" }))).toHaveProperty("createSalesInvoice");
  });
});
