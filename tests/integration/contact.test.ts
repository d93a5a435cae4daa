import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, enquiries, notifications } from "@/db/schema";
import { POST } from "@/app/api/new-enquiry/route";
import { translator } from "@/lib/i18n/translator";
import { getJobQueue } from "@/lib/jobs/queue";
import { human, jsonRequest } from "./support/requests";

const valid = { name: "Priya Shah", email: "priya.shah@example.co.uk", description: "Our second director has not received the invitation email." };

describe("POST /api/new-enquiry", () => {
  it("stores the enquiry with its audit entry, notification and support email job in one go", async () => {
    const res = await POST(jsonRequest("/api/new-enquiry", { ...human, ...valid }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);

    const db = await getDb();
    const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, body.id));
    expect(enquiry).toMatchObject({ ...valid, ip: "203.0.113.7", userAgent: "jest" });

    const audit = await db.select().from(auditEntries).where(and(eq(auditEntries.entityType, "Enquiry"), eq(auditEntries.entityId, String(body.id))));
    expect(audit).toEqual([expect.objectContaining({ entityType: "Enquiry", auditType: "Notification", user: valid.email, ip: "203.0.113.7" })]);

    const [job] = await (await getJobQueue()).boss.findJobs<{ text: string }>("email.send", { key: `enquiry-${body.id}-support-email` });
    expect(job).toMatchObject({ name: "email.send", state: "created" });
    expect(job!.data).toMatchObject({ to: "support@localhost", replyTo: valid.email });
    expect(job!.data.text).toContain(valid.description);

    const [note] = await db.select().from(notifications).where(eq(notifications.dedupeKey, `enquiry-${body.id}`));
    expect(note!.message).toContain("Priya Shah");
  });

  it("trims input", async () => {
    const res = await POST(jsonRequest("/api/new-enquiry", { ...human, ...valid, name: "  Tom Hughes  " }));
    expect(res.status).toBe(201);
    const db = await getDb();
    const [latest] = await db.select().from(enquiries).orderBy(desc(enquiries.id)).limit(1);
    expect(latest!.name).toBe("Tom Hughes");
  });

  it("answers 400 with every field's error and stores nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(enquiries)).length;
    const res = await POST(jsonRequest("/api/new-enquiry", { ...human, name: " ", email: "not-an-email", description: "" }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("bad_request");
    expect(body.fields).toEqual({ name: ["enquiryNameRequired"], email: ["enquiryEmailFormat"], description: ["enquiryDescriptionRequired"] });
    expect((await db.select().from(enquiries)).length).toBe(before);
  });

  it.each([
    ["not JSON", "{name:", "invalid_json"],
    ["an array (no token: the bot check comes first)", [], "verification_failed"],
    ["too long a description", { ...human, ...valid, description: "x".repeat(5001) }, "validation"],
    ["a huge body", { ...valid, description: "x".repeat(70_000) }, "too_large"],
  ])("answers 400 to %s", async (_label, body, reason) => {
    const res = await POST(jsonRequest("/api/new-enquiry", body));
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error).toBe("bad_request");
    expect(answer.message).toBe(translator()(`apiErrors.${reason}` as never));
  });

  it("refuses a cross-site browser request", async () => {
    const res = await POST(jsonRequest("/api/new-enquiry", { ...human, ...valid }, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }));
    expect(res.status).toBe(403);
  });

  it("accepts a same-origin browser request", async () => {
    const res = await POST(jsonRequest("/api/new-enquiry", { ...human, ...valid }, { headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } }));
    expect(res.status).toBe(201);
  });
});
