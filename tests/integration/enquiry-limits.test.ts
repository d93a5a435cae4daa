import { and, eq, like, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { enquiries, notifications, securityEvents } from "@/db/schema";
import { POST as newEnquiry } from "@/app/api/new-enquiry/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { enquiryLimits } from "@/lib/server/enquiries/create-enquiry";
import { human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

/** Each test's rows carry its own tag, so counts see only that test's enquiries. */
let n = 0;
const tagged = () => {
  n += 1;
  const tag = `limit-${Date.now()}-${n}`;
  return { tag, body: { ...human, name: `Sender ${tag}`, email: "sender@example.com", description: `Enquiry ${tag}` } };
};
const from = (ip: string) => ({ headers: { [CLIENT_ADDRESS_HEADER]: ip } });

async function countFor(tag: string) {
  const db = await getDb();
  const [stored] = await db.select({ count: sql<number>`count(*)::int` }).from(enquiries).where(like(enquiries.description, `%${tag}`));
  const [notified] = await db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(like(notifications.message, `%${tag}%`));
  return { stored: stored!.count, notified: notified!.count };
}

describe("POST /api/new-enquiry rate limit", () => {
  it(`lets ${enquiryLimits.perIp} of 25 concurrent enquiries from one address through; the rest get 429 with Retry-After`, async () => {
    const { tag, body } = tagged();
    const ip = "198.18.0.1";
    const answers = await Promise.all(Array.from({ length: 25 }, () => newEnquiry(jsonRequest("/api/new-enquiry", body, from(ip)))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(enquiryLimits.perIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - enquiryLimits.perIp);
    for (const limited of answers.filter((r) => r.status === 429)) {
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ error: "rate_limited" });
    }
    // Each accepted enquiry notifies the admins and emails support in the same transaction; the
    // refused ones do neither.
    expect(await countFor(tag)).toEqual({ stored: enquiryLimits.perIp, notified: enquiryLimits.perIp });
    const events = await (await getDb()).select().from(securityEvents).where(and(eq(securityEvents.event, "RateLimited"), eq(securityEvents.ip, ip)));
    expect(events).toHaveLength(25 - enquiryLimits.perIp);
  });

  it("counts each address on its own, and lets an address in again once the window has passed", async () => {
    const { tag, body } = tagged();
    const ip = "198.18.0.2";
    for (let i = 0; i < enquiryLimits.perIp; i++) expect((await newEnquiry(jsonRequest("/api/new-enquiry", body, from(ip)))).status).toBe(201);
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", body, from(ip)))).status).toBe(429);
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", body, from("198.18.0.3")))).status).toBe(201);
    // The window passes (moved back in time rather than waited for).
    await (await getDb()).execute(sql`update rate_limits set window_start = window_start - make_interval(secs => ${enquiryLimits.windowSeconds + 1}) where key = ${`enquiry:ip:${ip}`}`);
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", body, from(ip)))).status).toBe(201);
    expect((await countFor(tag)).stored).toBe(enquiryLimits.perIp + 2);
  });

  it("does not count requests that fail validation", async () => {
    const ip = "198.18.0.4";
    for (let i = 0; i < enquiryLimits.perIp + 2; i++) {
      expect((await newEnquiry(jsonRequest("/api/new-enquiry", { ...human, name: "", email: "x", description: "" }, from(ip)))).status).toBe(400);
    }
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", tagged().body, from(ip)))).status).toBe(201);
  });
});
