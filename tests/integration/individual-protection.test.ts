// Issue 18, items 1 and 4: an individual of an unpaid request cannot sign in, a contact never sees
// an individual's reference, and a contact cannot move a signed-in individual's sign-in to another
// mailbox without the individual's confirmation at their current address.
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, directors, signInTokens } from "@/db/schema";
import { GET as getCompanyRoute } from "@/app/api/director-verification/company/route";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { POST as confirmRoute } from "@/app/api/confirm-email/[token]/route";
import { getJobQueue } from "@/lib/jobs/queue";
import { requestSignInLink } from "@/lib/server/sign-in/request-sign-in-link";
import { getEnv } from "@/lib/env";
import { insertClientWithDirectors, insertSession, uniqueTag } from "../support/factories";
import { apiRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asContact } from "./support/test-users";

setupTestDb({ seed: false });

type Headers = Record<string, string>;
const patch = (body: unknown, headers: Headers) =>
  patchDirectorsRoute(apiRequest("/api/director-verification/directors", { method: "PATCH", contentType: "application/json-patch+json", headers, body }));

async function emailsTo(to: string) {
  const jobs = await (await getJobQueue()).boss.findJobs("email.send", { data: { to } });
  return jobs.map((j) => j.data as { subject: string; text?: string; html?: string; to: string });
}

async function linkRequested(email: string, reference: string) {
  await requestSignInLink({ db: await getDb(), env: getEnv(), input: { email, reference }, ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, userAgent: "test" });
  return (await getDb()).select().from(signInTokens).where(eq(signInTokens.email, email.toLowerCase()));
}

describe("an individual of an unpaid request", () => {
  it("is sent no sign-in link; once the request is paid (invited), they are", async () => {
    const db = await getDb();
    const { directors: [d] } = await insertClientWithDirectors(db, { client: { status: "PaymentPending", journey: "PayByCard", paid: false }, directors: [{ invitedAt: null }] });
    expect(await linkRequested(d!.email, d!.reference)).toHaveLength(0);
    await db.update(directors).set({ invitedAt: new Date() }).where(eq(directors.id, d!.id));
    expect(await linkRequested(d!.email, d!.reference)).toHaveLength(1);
  });
});

describe("the contact's view of their individuals", () => {
  it("never carries an individual's reference", async () => {
    const { client, directors: ds } = await insertClientWithDirectors(await getDb(), { directors: 2 });
    const res = await getCompanyRoute(apiRequest("/api/director-verification/company", { headers: asContact(client) }));
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const d of ds) expect(text).not.toContain(d.reference);
  });
});

describe("a contact changing an individual's email", () => {
  it("before the individual has signed in: changes it at once and invites the new address", async () => {
    const { client, directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { journey: "PayByInvoice", sageInvoiceNumber: "SI-9" }, directors: 1 });
    const to = `new-${uniqueTag()}@example.com`;
    expect((await patch([{ op: "replace", path: `/${d!.id}/email`, value: to }], asContact(client))).status).toBe(200);
    const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, d!.id));
    expect(row!.email).toBe(to);
  });

  it("after the individual has signed in: nothing changes until they confirm at their current address", async () => {
    const db = await getDb();
    const { client, directors: [d] } = await insertClientWithDirectors(db, { client: { journey: "PayByInvoice", sageInvoiceNumber: "SI-9" }, directors: 1 });
    await insertSession(db, { userType: "DV_Director", email: d!.email, directorId: d!.id, clientId: client.id });
    const contactsMailbox = client.mainContactEmail;
    expect((await patch([{ op: "replace", path: `/${d!.id}/email`, value: contactsMailbox }], asContact(client))).status).toBe(200);

    const [pending] = await db.select().from(directors).where(eq(directors.id, d!.id));
    expect(pending).toMatchObject({ email: d!.email, pendingEmail: contactsMailbox.toLowerCase() });
    // No sign-in link, no invitation to the new address; the individual is asked at the old one.
    expect(await linkRequested(contactsMailbox, d!.reference)).toHaveLength(0);
    expect((await emailsTo(contactsMailbox)).filter((e) => e.subject !== undefined && /invit/i.test(e.subject))).toHaveLength(0);
    const asked = await emailsTo(d!.email);
    expect(asked.map((e) => e.subject)).toContain("Confirm the change of your email address");
    const body = JSON.stringify(asked);
    expect(body).toContain(contactsMailbox.toLowerCase());
    const token = /confirm-email\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;

    const audit = await db.select().from(auditEntries).where(and(eq(auditEntries.directorId, d!.id), eq(auditEntries.auditType, "DirectorModified")));
    expect(audit.find((a) => a.action.startsWith("Email change requested"))).toMatchObject({ oldValue: { email: d!.email }, newValue: { pendingEmail: contactsMailbox.toLowerCase() } });

    const confirm = () => confirmRoute(apiRequest(`/api/confirm-email/${token}`, { method: "POST", contentType: "application/x-www-form-urlencoded", body: "" }), routeParams({ token }));
    const res = await confirm();
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("outcome=changed");
    const [changed] = await db.select().from(directors).where(eq(directors.id, d!.id));
    expect(changed).toMatchObject({ email: contactsMailbox.toLowerCase(), pendingEmail: null, pendingEmailTokenHash: null });
    const changeAudit = await db.select().from(auditEntries).where(and(eq(auditEntries.directorId, d!.id), eq(auditEntries.action, "Changed email")));
    expect(changeAudit[0]).toMatchObject({ oldValue: { email: d!.email }, newValue: { email: contactsMailbox.toLowerCase() } });
    // The link works once.
    expect((await confirm()).headers.get("location")).toContain("outcome=expired");
  });
});
