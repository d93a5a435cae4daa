import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { auditEntries, directors } from "@/db/schema";
import { POST as resendRoute } from "@/app/api/director-verification/directors/[id]/resend-invitation/route";
import { loginPrefill } from "@/lib/auth/login-prefill";
import { getEnv } from "@/lib/env";
import { listMessages } from "@/lib/integrations/email/mailbox-store";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { resendInvitationLimits } from "@/lib/server/directors/resend-invitation";
import { invitationJobKey } from "@/lib/server/requests/release-invitations";
import { insertClientWithDirectors, insertUser, uniqueTag } from "../support/factories";
import { apiRequest, routeParams, TEST_IP } from "./support/requests";
import { anonymous, asAdmin, asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

type Headers = Record<string, string>;
const resend = (id: number, headers: Headers) =>
  resendRoute(apiRequest(`/api/director-verification/directors/${id}/resend-invitation`, { method: "POST", headers }), routeParams({ id }));

async function company(directorsOf: NonNullable<Parameters<typeof insertClientWithDirectors>[1]>["directors"] = 2, name?: string) {
  const made = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress", ...(name ? { name } : {}) }, directors: directorsOf });
  return { ...made, as: asContact(made.client) };
}

/** The captured emails to `address`, newest last. */
function mailTo(address: string) {
  return listMessages(getEnv().MAILBOX_DIR, 1000)
    .filter((m) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
}

/** pg-boss invitation jobs of an individual, by key. */
async function invitationJobs(directorId: number) {
  await getJobQueue();
  const rows = await (await getDb()).execute(sql`select singleton_key as key from pgboss.job where name = 'invitation.send' and singleton_key like ${`${invitationJobKey(directorId)}%`} order by created_on`);
  return rowsOf<{ key: string }>(rows).map((r) => r.key);
}

describe("the invitation email", () => {
  it("names the company, says what to have ready, and links to the sign-in page filled in with the individual's email and reference", async () => {
    const tag = uniqueTag();
    const { client, directors: [d] } = await company([{ email: `o'brien+${tag}@example.co.uk` }], `Smith & Jones ${tag} Ltd`);
    await sendJob(await getDb(), "invitation.send", { directorId: d!.id }, { key: invitationJobKey(d!.id) });
    await workDueJobs(await getJobQueue(), { names: ["invitation.send"] });

    const [mail] = mailTo(d!.email);
    expect(mail!.subject).toBe(`Please verify your identity for ${client.name}`);
    expect(mail!.text).toContain(`${client.name} has asked us to verify your identity`);
    expect(mail!.text).toContain("Before you start, have ready:\n- a passport or photocard driving licence\n- the addresses where you have lived in the last 12 months\n- a phone or computer with a camera");
    expect(mail!.text).toContain("select “Email me a sign-in link”");
    expect(mail!.text).toContain(`Your reference: ${d!.reference}`);
    // No deadline: the request gave none, and none is made up.
    expect(mail!.text).not.toMatch(/deadline|by \d{1,2} [A-Z][a-z]+ \d{4}/i);

    const url = `${getEnv().APP_URL}/login?email=${encodeURIComponent(d!.email).replace(/'/g, "%27")}&reference=${d!.reference}`;
    expect(mail!.text).toContain(`Open the sign-in page: ${url}`);
    // The link reads back, through the sign-in page's own check, as exactly this person's details.
    expect(loginPrefill(Object.fromEntries(new URL(url).searchParams))).toEqual({ email: d!.email, reference: d!.reference });
    // HTML: a real list, the link's & escaped in the attribute, the company's & escaped in the text.
    expect(mail!.html).toContain("<li style=\"margin:0 0 4px\">a passport or photocard driving licence</li>");
    expect(mail!.html).toContain(`href="${url.replace("&reference", "&amp;reference")}"`);
    expect(mail!.html).toContain(`Smith &amp; Jones ${tag} Ltd has asked us`);
    // Never a sign-in token: the link only fills in the form.
    expect(mail!.text).not.toContain("/api/enter/");
  });
});

describe("POST /api/director-verification/directors/{id}/resend-invitation", () => {
  it("sends the invitation again under a fresh key, audited with who and to which address", async () => {
    const { client, directors: [d], as } = await company();
    const res = await resend(d!.id, as);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    const keys = await invitationJobs(d!.id);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^invitation:${d!.id}:email-\\d+$`))]);
    const audits = await (await getDb()).select().from(auditEntries).where(and(eq(auditEntries.directorId, d!.id), eq(auditEntries.action, "Invitation resent")));
    expect(audits).toEqual([
      expect.objectContaining({ auditType: "Email", entityType: "Director", entityId: String(d!.id), clientId: client.id, user: client.mainContactEmail, ip: TEST_IP, newValue: expect.objectContaining({ to: d!.email }) }),
    ]);

    await workDueJobs(await getJobQueue(), { names: ["invitation.send"] });
    const mail = mailTo(d!.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/login?email=`);
    expect(mail[0]!.text).toContain(`reference=${d!.reference}`);
  });

  it("a second resend of the same individual within 10 minutes gets 429 saying when; another individual can still be resent", async () => {
    const { directors: [d, other], as } = await company();
    expect((await resend(d!.id, as)).status).toBe(200);
    const again = await resend(d!.id, as);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect((await again.json()).message).toBe("This invitation was resent in the last 10 minutes. You can resend it again in 10 minutes.");
    expect(await invitationJobs(d!.id)).toHaveLength(1);
    expect((await resend(other!.id, as)).status).toBe(200);
  });

  it("allows a contact 20 resends an hour, then 429", async () => {
    const { perContact } = resendInvitationLimits;
    const { directors: ds, as } = await company(perContact.limit + 1);
    for (const d of ds.slice(0, perContact.limit)) expect((await resend(d.id, as)).status).toBe(200);
    const refused = await resend(ds[perContact.limit]!.id, as);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^You have resent 20 invitations in the last hour\. You can resend again in \d+ minutes?\.$/);
    expect(await invitationJobs(ds[perContact.limit]!.id)).toEqual([]);
  });

  it("is 404 for another company's individual, a removed one or an id that does not exist, and nothing is sent", async () => {
    const db = await getDb();
    const mine = await company();
    const theirs = await company();
    await db.update(directors).set({ isDeleted: true, deleteReason: "Left the company" }).where(eq(directors.id, mine.directors[1]!.id));
    for (const id of [theirs.directors[0]!.id, mine.directors[1]!.id, 999_999]) {
      const res = await resend(id, mine.as);
      expect([id, res.status]).toEqual([id, 404]);
    }
    expect(await invitationJobs(theirs.directors[0]!.id)).toEqual([]);
    expect(await invitationJobs(mine.directors[1]!.id)).toEqual([]);
  });

  it("is 409 for an individual not invited yet (an unpaid request) and for one whose verification has ended", async () => {
    const { directors: [unpaid, done, rejected], as } = await company([{ invitedAt: null }, { status: "Complete" }, { status: "Rejected" }]);
    const notYet = await resend(unpaid!.id, as);
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).message).toBe("This individual has not been invited yet, so there is no invitation to resend. They are invited once the request is paid.");
    for (const d of [done!, rejected!]) {
      const res = await resend(d.id, as);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe("This individual’s verification has ended, so there is no invitation to resend.");
    }
    for (const d of [unpaid!, done!, rejected!]) expect(await invitationJobs(d.id)).toEqual([]);
    // Refusals do not use up the individual's allowance.
    const audits = await (await getDb()).select().from(auditEntries).where(eq(auditEntries.action, "Invitation resent"));
    expect(audits.filter((a) => [unpaid!.id, done!.id, rejected!.id].includes(a.directorId!))).toEqual([]);
  });

  it("is for company contacts: a director gets 403, staff 403, nobody signed in 401", async () => {
    const { directors: [d] } = await company();
    const staff = await insertUser(await getDb());
    expect((await resend(d!.id, asDirector(d!))).status).toBe(403);
    expect((await resend(d!.id, asAdmin(staff.email))).status).toBe(403);
    expect((await resend(d!.id, anonymous)).status).toBe(401);
  });
});
