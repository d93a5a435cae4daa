// POST /api/requests/identity-verification: one transaction stores the client, its individuals,
// audit entries, jobs and the admin notification; a refused request stores nothing.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db";
import { rowsOf } from "@/db/client";
import { auditEntries, clients, directors, lwdbRecords, notifications } from "@/db/schema";
import { POST } from "@/app/api/requests/identity-verification/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { getEnv } from "@/lib/env";
import { listMessages } from "@/lib/integrations/email/mailbox-store";
import { getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { releaseInvitations } from "@/lib/server/requests/release-invitations";
import { onboardingRequestInput, trackCreatedClient } from "../support/factories";
import { withStripeSimulator } from "./payments/support";
import { human, jsonRequest, TEST_IP } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { captureLogs, type CapturedLogs } from "@/lib/log/capture";

setupTestDb({ seed: false });
const stripe = withStripeSimulator(); // also sets DIRECTOR_PRICE_PENCE=6500, VAT_RATE_PERCENT=20

const PATH = "/api/requests/identity-verification";

/** A valid request for a company of its own (unique name and emails per call). */
const request = (overrides: Partial<OnboardingRequestInput> = {}, individuals = 3) => onboardingRequestInput(overrides, { individuals });

let callers = 0;
/** Each request from an address of its own (the per-address limit is tested in public-request-limits.test.ts); `ip` to choose one. */
async function submit(body: unknown, ip = `10.79.0.${++callers}`) {
  const res = await POST(jsonRequest(PATH, body, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status === 200) {
    const [c] = await (await getDb()).select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference as string));
    if (c) trackCreatedClient(c.id);
  }
  return { status: res.status, json };
}

async function clientNamed(db: Db, name: string) {
  const rows = await db.select().from(clients).where(eq(clients.name, name));
  return rows;
}

/** Jobs of a queue whose singleton key is one of `keys`. */
async function jobKeys(db: Db, name: string, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  await getJobQueue();
  const rows = await db.execute(sql`select singleton_key from pgboss.job where name = ${name} and singleton_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
  return rowsOf<{ singleton_key: string }>(rows).map((r) => r.singleton_key).sort();
}

async function storedFor(db: Db, clientId: number) {
  const ds = await db.select().from(directors).where(eq(directors.clientId, clientId));
  const audits = await db.select().from(auditEntries).where(eq(auditEntries.clientId, clientId));
  const notes = await db.select().from(notifications).where(eq(notifications.clientId, clientId));
  const invitationKeys = ds.map((d) => `invitation:${d.id}`);
  return {
    directors: ds,
    audits,
    notifications: notes,
    invitations: await jobKeys(db, "invitation.send", invitationKeys),
    confirmations: await jobKeys(db, "email.send", [`request-confirmation:${clientId}`]),
    invoices: await jobKeys(db, "invoice.raise", [`invoice:${clientId}`]),
  };
}

// The refusals' warnings are expected: kept out of the output.
let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe("POST /api/requests/identity-verification", () => {
  it("stores a pay-by-invoice request: client New with its prices, individuals, audits, confirmation, invoice and notifications; the invitations held for staff", async () => {
    const db = await getDb();
    const body = request();
    const { status, json } = await submit({ ...body, ...human }, TEST_IP);
    expect(status).toBe(200);
    expect(json.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(json.next).toBe(`${getEnv().APP_URL}/requests/identity-verification/submitted?reference=${json.reference}&held=1`);

    const [client] = await clientNamed(db, body.company.name);
    expect(client).toMatchObject({
      reference: json.reference,
      status: "New",
      journey: "PayByInvoice",
      productTier: "Managed",
      paid: false,
      unitPrice: 6500,
      standardUnitPrice: 6500,
      fullPrice: 19500,
      standardFullPrice: 19500,
      mainContactEmail: body.mainContactEmail.toLowerCase(),
      companyId: "01234567",
      customerCode: null,
      billingAddressLine2: null,
      vatNumber: "GB123456789",
      purchaseOrderInfo: "PO-778",
      createdBy: body.mainContactEmail.toLowerCase(),
      invitationsHeld: true,
    });

    const stored = await storedFor(db, client!.id);
    expect(stored.directors.map((d) => [d.name, d.email, d.status])).toEqual(
      body.individuals.map((i) => [i.name, i.email.toLowerCase(), "AwaitingIDInfo"]),
    );
    const references = stored.directors.map((d) => d.reference);
    expect(new Set([...references, client!.reference]).size).toBe(4);
    expect(stored.audits.filter((a) => a.auditType === "ClientCreated")).toHaveLength(1);
    expect(stored.audits.filter((a) => a.auditType === "DirectorCreated").map((a) => a.directorId).sort()).toEqual(stored.directors.map((d) => d.id).sort());
    expect(stored.audits.every((a) => a.ip === TEST_IP && a.user === body.mainContactEmail.toLowerCase())).toBe(true);
    expect(stored.confirmations).toHaveLength(1);
    // HOLD_REQUEST_INVITATIONS (on by default): nobody is invited until staff move the client to Onboarding.
    expect(stored.invitations).toEqual([]);
    expect(stored.directors.every((d) => d.invitedAt === null)).toBe(true);
    expect(stored.invoices).toEqual([`invoice:${client!.id}`]);
    expect(stored.notifications.map((x) => x.message).sort()).toEqual([
      `New onboarding request from ${body.company.name} (${client!.reference}): 3 individuals, Pay by invoice`,
      `${body.company.name} (${client!.reference}): the 3 individuals are not invited yet. Set up the engagement, then move the client to Onboarding to send the invitations`,
    ]);
  });

  it("sends the confirmation (staff in touch within two working days) and, once released, each invitation with the person's own reference and the sign-in page", async () => {
    const db = await getDb();
    const body = request({}, 2);
    const { json } = await submit({ ...body, ...human });
    const [client] = await clientNamed(db, body.company.name);
    // As staff moving the client to Onboarding do (tests/integration/public-request-limits.test.ts goes through the route).
    await db.transaction((tx) => releaseInvitations(tx, { clientId: client!.id }));
    const ds = await db.select().from(directors).where(eq(directors.clientId, client!.id));
    await workDueJobs(await getJobQueue(), { names: ["email.send", "invitation.send"] });

    const mail = listMessages(getEnv().MAILBOX_DIR, 1000);
    const to = (address: string) => mail.filter((m) => JSON.stringify(m.to).includes(address));
    const [confirmation] = to(body.mainContactEmail.toLowerCase());
    expect(confirmation!.subject).toBe(`We have received your identity verification request ${json.reference}`);
    expect(confirmation!.text).toContain(`Your reference: ${json.reference}`);
    expect(confirmation!.text).toContain("Amount due: £156.00");
    expect(confirmation!.text).toContain("Our staff will be in touch within two working days to set up the engagement, and the individuals are invited to verify their identity then.");
    expect(confirmation!.text).toContain(`${getEnv().APP_URL}/login`);
    for (const d of ds) {
      const received = to(d.email);
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toBe(`Please verify your identity for ${body.company.name}`);
      expect(received[0]!.text).toContain(`Your reference: ${d.reference}`);
      expect(received[0]!.text).not.toContain(client!.reference);
    }
    const sent = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client!.id), eq(auditEntries.auditType, "Email")));
    expect(sent).toHaveLength(3);
  });

  it("stores a card request as PaymentPending, sends the payer to Checkout and holds the invitations back; a declared VAT exemption is only a claim, VAT charged", async () => {
    const db = await getDb();
    const body = request({ journey: "PayByCard", vatExempt: true, vatNumber: "" }, 2);
    const { status, json } = await submit({ ...body, ...human });
    expect(status).toBe(200);
    expect(json.next).toMatch(new RegExp(`^${stripe.current.url}/pay/`));
    const [client] = await clientNamed(db, body.company.name);
    expect(client).toMatchObject({ status: "PaymentPending", paid: false, fullPrice: 13000, vatExempt: false, vatExemptionClaimed: true, vatNumber: null });
    expect(client!.paymentSessionId).toBeTruthy();
    const stored = await storedFor(db, client!.id);
    expect(stored.directors).toHaveLength(2);
    expect(stored.confirmations).toHaveLength(1);
    expect(stored.invitations).toEqual([]);
    expect(stored.invoices).toEqual([]);
    expect(stored.audits.find((a) => a.auditType === "ClientCreated")!.newValue).toMatchObject({ amountDue: 15600, vatExemptionClaimed: true });
  });

  it("answers the submitted page when Stripe cannot be reached; the request stays, waiting for payment", async () => {
    const db = await getDb();
    const saved = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9"; // nothing listens on the discard port
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    try {
      const body = request({ journey: "PayByCard" }, 1);
      const { status, json } = await submit({ ...body, ...human });
      expect(status).toBe(200);
      expect(String(json.next)).toMatch(/\/requests\/identity-verification\/submitted\?reference=/);
      const [client] = await clientNamed(db, body.company.name);
      expect(client).toMatchObject({ status: "PaymentPending", paid: false });
    } finally {
      process.env.STRIPE_API_BASE = saved;
      resetEnvCache();
    }
  });

  it("stores an existing customer's request (customer code checked against the provider's records), without invoice or payment", async () => {
    const db = await getDb();
    const body = request({ journey: "Existing", productTier: "OneOff", customerCode: " lw-900 " }, 1);
    const [record] = await db
      .insert(lwdbRecords)
      .values({ customerCode: `LW-900-${Date.now()}`, name: body.company.name.toUpperCase(), mainContactEmail: body.mainContactEmail })
      .returning();
    try {
      const unknown = await submit({ ...body, customerCode: "LW-000", ...human });
      expect(unknown.status).toBe(400);
      expect(unknown.json.fields).toEqual({ customerCode: ["customerCodeUnknown"] });
      expect(await clientNamed(db, body.company.name)).toEqual([]);

      const { status } = await submit({ ...body, customerCode: ` ${record!.customerCode.toLowerCase()} `, ...human });
      expect(status).toBe(200);
      const [client] = await clientNamed(db, body.company.name);
      expect(client).toMatchObject({ status: "New", journey: "Existing", customerCode: record!.customerCode, productTier: "OneOff" });
      const stored = await storedFor(db, client!.id);
      expect(stored.invitations).toHaveLength(1);
      expect(stored.invoices).toEqual([]);
    } finally {
      await db.delete(lwdbRecords).where(eq(lwdbRecords.customerCode, record!.customerCode));
    }
  });

  it.each([
    ["a failed bot check", { captchaToken: "test-fail" }, { message: "Verification failed. Please try again." }],
    ["no bot check token", {}, { message: "Verification failed. Please try again." }],
    ["OneOff with two individuals", { productTier: "OneOff", ...human }, { fields: { individuals: ["oneOffExactlyOne"] } }],
    [
      "the same email twice",
      { individuals: [{ name: "A", email: "same@example.com" }, { name: "B", email: " SAME@example.com" }], ...human },
      { fields: { "individuals.1.email": ["duplicateEmail"] } },
    ],
    ["no individuals", { individuals: [], ...human }, { fields: { individuals: ["individualsRequired"] } }],
    ["neither VAT number nor exemption", { vatNumber: "", ...human }, { fields: { vatNumber: ["vatNumberRequired"] } }],
    ["an unknown journey", { journey: "Free", ...human }, { fields: { journey: ["invalidValue"] } }],
  ])("refuses %s with 400 and stores nothing", async (_, extra, expected) => {
    const db = await getDb();
    const body = { ...request({}, 2), ...extra };
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(auditEntries);
    const { status, json } = await submit(body);
    expect(status).toBe(400);
    expect(json).toMatchObject(expected);
    expect(await clientNamed(db, body.company.name)).toEqual([]);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(auditEntries);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("stores nothing when the last step of the transaction fails after the rows and jobs were written", async () => {
    const db = await getDb();
    const body = request();
    // The admin notification is written last; make PostgreSQL refuse this request's.
    await db.execute(sql.raw(`create or replace function test_fail_notification() returns trigger language plpgsql as $$
      begin if new.message like '%${body.company.name}%' then raise exception 'refused by test'; end if; return new; end $$`));
    await db.execute(sql`create trigger fail_notification before insert on notifications for each row execute function test_fail_notification()`);
    try {
      const { status } = await submit({ ...body, ...human });
      expect(status).toBe(500);
      expect(logs.messages("error")).toContain("[api] unexpected error");
    } finally {
      await db.execute(sql`drop trigger fail_notification on notifications`);
      await db.execute(sql`drop function test_fail_notification()`);
    }
    expect(await clientNamed(db, body.company.name)).toEqual([]);
    const emails = body.individuals.map((i) => i.email.toLowerCase());
    expect(await db.select().from(directors).where(inArray(directors.email, emails))).toEqual([]);
    const audits = await db.execute(sql`select count(*)::int as n from audit_entries where new_value->>'name' = ${body.company.name}`);
    expect(rowsOf<{ n: number }>(audits)[0]!.n).toBe(0);
    const confirmations = await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email.send' and data->>'to' = ${body.mainContactEmail.toLowerCase()}`);
    expect(rowsOf<{ n: number }>(confirmations)[0]!.n).toBe(0);
  });

  it("invites each individual once however often the invitations are released", async () => {
    const db = await getDb();
    const body = request({ journey: "PayByCard" }, 3);
    await submit({ ...body, ...human });
    const [client] = await clientNamed(db, body.company.name);
    expect((await storedFor(db, client!.id)).invitations).toEqual([]);
    await Promise.all([1, 2, 3].map(() => db.transaction((tx) => releaseInvitations(tx, { clientId: client!.id }))));
    await db.transaction((tx) => releaseInvitations(tx, { clientId: client!.id }));
    expect((await storedFor(db, client!.id)).invitations).toHaveLength(3);
  });
});
