// Emails go out in their recipient's language, whoever or whatever caused them: the contact's
// language is kept with the request, an individual's own choice with their record (switching
// language while signed in), and jobs, webhooks and staff write in it.
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, directors } from "@/db/schema";
import { GET as languageRoute } from "@/app/api/language/route";
import { POST as requestRoute } from "@/app/api/requests/identity-verification/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { listMessages } from "@/lib/integrations/email/mailbox-store";
import { getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { decideReview } from "@/lib/server/directors/decide-review";
import { releaseInvitations } from "@/lib/server/requests/release-invitations";
import { sendReminderNow } from "@/lib/server/reminders/send-reminder-now";
import { insertClientWithDirectors, onboardingRequestInput, trackCreatedClient, uniqueTag } from "../support/factories";
import { apiRequest, human, jsonRequest } from "./support/requests";
import { adminPrincipal, asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

function mailTo(address: string) {
  return listMessages(getEnv().MAILBOX_DIR, 2000)
    .filter((m) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
}

async function deliver() {
  await workDueJobs(await getJobQueue(), { names: ["email.send", "invitation.send"] });
}

/** A date `days` from today, `YYYY-MM-DD`. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("a request filed in Welsh", () => {
  it("keeps the contact's language and the date to be verified by; the confirmation and the invitations are in Welsh and name the date", async () => {
    const db = await getDb();
    const verifyBy = "2099-03-14";
    const body = { ...onboardingRequestInput({}, { individuals: 1 }), verifyBy };
    const res = await withLocale("cy", () => requestRoute(jsonRequest("/api/requests/identity-verification", { ...body, ...human }, { headers: { [CLIENT_ADDRESS_HEADER]: "10.80.0.1" } })));
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as { reference: string };
    const [client] = await db.select().from(clients).where(eq(clients.reference, reference));
    trackCreatedClient(client!.id);
    expect(client!.locale).toBe("cy");
    expect(client!.verifyBy).toBe(verifyBy);

    await releaseInvitations(db, { clientId: client!.id });
    // Delivered by the worker, where no request (and no cookie) is around.
    await deliver();
    const [confirmation] = mailTo(body.mainContactEmail);
    expect(confirmation!.html).toContain('<html lang="cy">');
    const [individual] = await db.select().from(directors).where(eq(directors.clientId, client!.id));
    const [invitation] = mailTo(individual!.email);
    expect(invitation!.subject).toBe(`Dilyswch eich hunaniaeth ar gyfer ${client!.name}`);
    expect(invitation!.text).toContain(`Mae ${client!.name} yn gofyn i chi gael eich dilysu erbyn 14 Mawrth 2099.`);
  });

  it("refuses a date to be verified by in the past, or one that is not a date, naming the field and the problem", async () => {
    for (const [verifyBy, message] of [
      [daysFromNow(-1), "verifyByPast"],
      ["2099-02-30", "verifyByDate"],
    ] as const) {
      const res = await requestRoute(jsonRequest("/api/requests/identity-verification", { ...onboardingRequestInput({}, { individuals: 1 }), verifyBy, ...human }, { headers: { [CLIENT_ADDRESS_HEADER]: "10.80.0.2" } }));
      expect(res.status).toBe(400);
      const json = (await res.json()) as { fields?: Record<string, string[]> };
      expect(json.fields?.verifyBy).toEqual([message]);
    }
  });
});

describe("an invitation without a date to be verified by", () => {
  it("is in English for an English company and makes no date up", async () => {
    const db = await getDb();
    const { client, directors: [d] } = await insertClientWithDirectors(db, { client: { status: "Onboarding", name: `Ashby ${uniqueTag()} Ltd` }, directors: [{ invitedAt: null }] });
    await releaseInvitations(db, { clientId: client.id });
    await deliver();
    const [mail] = mailTo(d!.email);
    expect(mail!.subject).toBe(`Please verify your identity for ${client.name}`);
    expect(mail!.text).not.toMatch(/verified by/);
  });
});

describe("switching language while signed in", () => {
  it("is remembered on the individual's own record, and their company's emails to them follow it", async () => {
    const db = await getDb();
    const { directors: [d, other] } = await insertClientWithDirectors(db, { client: { status: "InProgress", locale: "en-GB" }, directors: [{ status: "UnderReview" }, { status: "UnderReview" }] });
    const res = await languageRoute(apiRequest("/api/language?to=cy&back=/", { headers: asDirector(d!) }));
    expect(res.status).toBe(303);
    const [stored] = await db.select({ locale: directors.locale }).from(directors).where(eq(directors.id, d!.id));
    expect(stored!.locale).toBe("cy");
    const [untouched] = await db.select({ locale: directors.locale }).from(directors).where(eq(directors.id, other!.id));
    expect(untouched!.locale).toBeNull();

    // Staff working in English reject both reviews: each individual is written to in their own language.
    for (const id of [d!.id, other!.id]) await decideReview({ db, user: adminPrincipal(), id, decision: "reject", reason: "The documents do not match" });
    await deliver();
    expect(mailTo(d!.email).at(-1)!.html).toContain('<html lang="cy">');
    expect(mailTo(other!.email).at(-1)!.html).toContain('<html lang="en-GB">');
  });

  it("is remembered on the company for its contact; a contact's choice changes no individual's", async () => {
    const db = await getDb();
    const { client, directors: [d] } = await insertClientWithDirectors(db, { client: { status: "InProgress" }, directors: 1 });
    await languageRoute(apiRequest("/api/language?to=cy&back=/", { headers: asContact(client) }));
    const [stored] = await db.select({ locale: clients.locale }).from(clients).where(eq(clients.id, client.id));
    expect(stored!.locale).toBe("cy");
    const [individual] = await db.select({ locale: directors.locale }).from(directors).where(eq(directors.id, d!.id));
    expect(individual!.locale).toBeNull();
  });

  it("records nothing for a visitor who is not signed in", async () => {
    const res = await languageRoute(apiRequest("/api/language?to=cy&back=/"));
    expect(res.status).toBe(303);
    expect(res.headers.get("set-cookie")).toMatch(/^lang=cy;/);
  });
});

describe("staff working in Welsh", () => {
  it("write to an English company's individual in English", async () => {
    const db = await getDb();
    const { directors: [d] } = await insertClientWithDirectors(db, { client: { status: "InProgress" }, directors: [{ status: "UnderReview" }] });
    await withLocale("cy", () => decideReview({ db, user: adminPrincipal(), id: d!.id, decision: "reject", reason: "Dim yn cyfateb" }));
    await deliver();
    const mail = mailTo(d!.email).at(-1)!;
    expect(mail.html).toContain('<html lang="en-GB">');
  });

  it("send a Welsh company's contact a Welsh reminder", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, { client: { status: "InProgress", locale: "cy" }, directors: [{ status: "AwaitingIDInfo" }] });
    await withLocale("en-GB", () => sendReminderNow({ db, user: adminPrincipal(), clientId: client.id }));
    await deliver();
    expect(mailTo(client.mainContactEmail).at(-1)!.html).toContain('<html lang="cy">');
  });
});
