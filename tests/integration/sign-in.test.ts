import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import { getDb } from "@/db";
import { securityEvents, sessions, signInTokens } from "@/db/schema";
import { seedDemo } from "@/db/seed/demo";
import { GET as enterGet, POST as enterPost } from "@/app/api/enter/[token]/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as sendLink } from "@/app/api/send-link/route";
import { GET as userGet } from "@/app/api/user/route";
import { GET as homeGet } from "@/app/api/home/route";
import { hashToken } from "@/lib/auth/tokens";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetEnvCache } from "@/lib/env";
import { getJobQueue } from "@/lib/jobs/queue";
import { jsonRequest } from "./support/requests";
import { clearRateLimits, contact, director, emailedToken, freshIp, human, otherContact, setCookieValue } from "./support/sign-in";

const cookieName = "dvp_session";

function enter(token: string, method: "GET" | "POST", cookie?: string) {
  const req = new Request(`http://localhost:3000/api/enter/${token}`, {
    method,
    headers: { "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: "203.0.113.9", ...(cookie ? { cookie: `${cookieName}=${cookie}` } : {}), ...(method === "POST" ? { origin: "http://localhost:3000" } : {}) },
  });
  return (method === "GET" ? enterGet : enterPost)(req, { params: Promise.resolve({ token }) });
}

function withCookie(path: string, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie: `${cookieName}=${cookie}` } : {} });
}

async function signIn(who: { email: string; reference: string }) {
  const res = await enter(await emailedToken(who), "POST");
  return setCookieValue(res, cookieName)!;
}

beforeAll(async () => {
  process.env.SEND_LINK_MIN_MS = "0";
  resetEnvCache();
  await seedDemo(await getDb());
  fs.rmSync(process.env.MAILBOX_DIR!, { recursive: true, force: true });
});
beforeEach(clearRateLimits);
afterAll(() => {
  delete process.env.SEND_LINK_MIN_MS;
});

describe("POST /api/send-link", () => {
  it("answers the same whether or not the email and reference match, and stores only a hash", async () => {
    const db = await getDb();
    const hit = await sendLink(jsonRequest("/api/send-link", { ...human, email: "Olivia.Bennett@Hartwell-Holdings.example", reference: "hwh7-k2qp" }));
    const miss = await sendLink(jsonRequest("/api/send-link", { ...human, email: "nobody@example.com", reference: "HWH7K2QP" }));
    expect([hit.status, miss.status]).toEqual([200, 200]);
    expect(await hit.text()).toBe(await miss.text());

    const jobs = await (await getJobQueue()).boss.findJobs<{ tokenId: string }>("sign-in-link.send", { queued: true });
    const payload = jobs.at(-1)!.data;
    // Who and which token, and the language of the page that asked (English: no lang cookie); never the token itself.
    expect(Object.keys(payload).sort()).toEqual(["clientId", "locale", "to", "tokenId"]);
    expect((payload as { locale?: string }).locale).toBe("en-GB");
    const [token] = await db.select().from(signInTokens).where(eq(signInTokens.id, payload.tokenId));
    expect(token!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The token waits sealed on its own row, never in the job.
    expect(token!.sealedToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const events = await db.select().from(securityEvents).where(eq(securityEvents.event, "LinkRequested")).orderBy(sql`${securityEvents.id} desc`).limit(2);
    expect(events.map((e) => e.detail)).toEqual([{ reference: "******QP", matched: false }, { reference: "******QP", matched: true }]);
  });

  it("cannot be told apart by timing: median difference under 50 ms over 100 tries each", async () => {
    const times: Record<"hit" | "miss", number[]> = { hit: [], miss: [] };
    for (let i = 0; i < 100; i++) {
      for (const kind of ["hit", "miss"] as const) {
        await clearRateLimits();
        const body = kind === "hit" ? director : { email: `nobody${i}@example.com`, reference: "ZZZZ2222" };
        const started = performance.now();
        const res = await sendLink(jsonRequest("/api/send-link", { ...human, ...body }, { headers: { [CLIENT_ADDRESS_HEADER]: freshIp() } }));
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(200);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(times.hit) - median(times.miss))).toBeLessThan(50);
  });

  it("pads every accepted answer to the configured minimum time", async () => {
    process.env.SEND_LINK_MIN_MS = "200";
    resetEnvCache();
    try {
      const started = performance.now();
      await sendLink(jsonRequest("/api/send-link", { ...human, email: "nobody@example.com", reference: "ZZZZ2222" }));
      expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    } finally {
      process.env.SEND_LINK_MIN_MS = "0";
      resetEnvCache();
    }
  });

  it("validates the shape only, with every field's error", async () => {
    const res = await sendLink(jsonRequest("/api/send-link", { ...human, email: "x", reference: "<script>" }));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ email: ["email"], reference: ["reference"] });
  });

  it("limits requests per email + reference with 429 and Retry-After, and recovers after the window", async () => {
    const ask = () => sendLink(jsonRequest("/api/send-link", { ...human, ...otherContact }, { headers: { [CLIENT_ADDRESS_HEADER]: freshIp() } }));
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
    // The window passes (moved back in time rather than waiting 15 minutes).
    await (await getDb()).execute(sql`update rate_limits set window_start = window_start - interval '16 minutes'`);
    expect((await ask()).status).toBe(200);
  });

  it("limits requests per address, whatever the identity, and a forged X-Forwarded-For does not help", async () => {
    // The address is the one the portal's server stamped; X-Forwarded-For is the client's own claim.
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const headers = { [CLIENT_ADDRESS_HEADER]: ip, "x-forwarded-for": `192.0.2.${i}` };
      const res = await sendLink(jsonRequest("/api/send-link", { ...human, email: `p${i}@example.com`, reference: "ZZZZ2222" }, { headers }));
      expect(res.status).toBe(200);
    }
    const res = await sendLink(jsonRequest("/api/send-link", { ...human, email: "p99@example.com", reference: "ZZZZ2222" }, { headers: { [CLIENT_ADDRESS_HEADER]: ip, "x-forwarded-for": "192.0.2.99" } }));
    expect(res.status).toBe(429);
  });
});

describe("the emailed link", () => {
  it("is not used up by GETs (mail scanners); the POST signs in and goes home", async () => {
    const token = await emailedToken(contact);
    for (let i = 0; i < 2; i++) {
      const res = await enter(token, "GET");
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`http://localhost:3000/login/continue/${token}`);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const res = await enter(token, "POST");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/identity-verification/company-management");
    const parts = res.headers.getSetCookie()[0]!.split("; ");
    expect(parts[0]).toMatch(/^dvp_session=[\w-]{43}$/);
    expect(parts.slice(1).filter((p) => !p.startsWith("Expires=")).sort()).toEqual(["HttpOnly", "Path=/", "SameSite=lax"]);

    const me = await userGet(withCookie("/api/user", setCookieValue(res, cookieName)));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: contact.email, reference: contact.reference, type: "DV_CompanyContact" });
  });

  it("works once", async () => {
    const token = await emailedToken(director);
    expect((await enter(token, "POST")).headers.get("location")).toMatch(/\/identity-verification\/individual-details$/);
    const again = await enter(token, "POST");
    expect(again.headers.get("location")).toBe("http://localhost:3000/login/error");
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await enter(token, "GET")).headers.get("location")).toBe("http://localhost:3000/login/error");
  });

  it("expires after 10 minutes", async () => {
    const token = await emailedToken(director);
    await (await getDb()).update(signInTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInTokens.tokenHash, hashToken(token)));
    expect((await enter(token, "GET")).headers.get("location")).toMatch(/\/login\/error$/);
    expect((await enter(token, "POST")).headers.get("location")).toMatch(/\/login\/error$/);
  });

  it("refuses tampered and unknown tokens", async () => {
    const token = await emailedToken(director);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "short", "x".repeat(43), `${token}x`]) {
      expect((await enter(bad, "POST")).headers.get("location")).toMatch(/\/login\/error$/);
    }
    // The real one still works: failures do not burn it.
    expect((await enter(token, "POST")).headers.get("location")).toMatch(/individual-details$/);
    const failures = await (await getDb()).select().from(securityEvents).where(eq(securityEvents.event, "SignInFailed"));
    expect(failures.map((f) => (f.detail as { reason: string }).reason)).toEqual(expect.arrayContaining(["unknown", "malformed", "expired", "used"]));
  });

  it("signs in as the link's owner only, and ends the browser's previous session", async () => {
    const directorCookie = await signIn(director);
    const contactToken = await emailedToken(contact);
    const res = await enter(contactToken, "POST", directorCookie);
    const contactCookie = setCookieValue(res, cookieName)!;
    expect(contactCookie).not.toBe(directorCookie);
    expect((await userGet(withCookie("/api/user", directorCookie))).status).toBe(401);
    expect(await (await userGet(withCookie("/api/user", contactCookie))).json()).toMatchObject({ type: "DV_CompanyContact", email: contact.email });
  });

  it("never leaves the token in the job queue, the audit trail or the security log, and clears the sealed copy once sent", async () => {
    const token = await emailedToken(otherContact);
    const db = await getDb();
    const [row] = await db.select().from(signInTokens).where(eq(signInTokens.tokenHash, hashToken(token)));
    expect(row!.sealedToken).toBeNull();
    const dump = JSON.stringify([
      await db.execute(sql`select * from pgboss.job`),
      await db.execute(sql`select * from audit_entries`),
      await db.select().from(securityEvents),
    ]);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain("sealedToken");
    expect(JSON.stringify(await db.select().from(securityEvents))).not.toContain(otherContact.reference);
  });
});

describe("sessions", () => {
  it("end after 30 idle minutes and after 12 hours whatever happens", async () => {
    const db = await getDb();
    const cookie = await signIn(contact);
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.id, hashToken(cookie)));
    expect((await userGet(withCookie("/api/user", cookie))).status).toBe(401);

    const cookie2 = await signIn(contact);
    expect((await userGet(withCookie("/api/user", cookie2))).status).toBe(200);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(cookie2)));
    expect((await userGet(withCookie("/api/user", cookie2))).status).toBe(401);

    const cookie3 = await signIn(contact);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, hashToken(cookie3)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 3600_000);
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const cookie = await signIn(director);
    const res = await logout(
      new Request("http://localhost:3000/api/logout", { method: "POST", headers: { cookie: `${cookieName}=${cookie}`, origin: "http://localhost:3000", accept: "text/html" } }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/logged-out");
    expect(res.headers.getSetCookie()[0]).toMatch(/^dvp_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    // The old cookie value is dead even if a copy is replayed.
    expect((await userGet(withCookie("/api/user", cookie))).status).toBe(401);
    const [event] = await (await getDb()).select().from(securityEvents).where(eq(securityEvents.event, "SignedOut")).orderBy(sql`${securityEvents.id} desc`).limit(1);
    expect(event!.actor).toBe(director.email);
  });

  it("use the __Host- prefix and Secure outside plain-http development", async () => {
    process.env.APP_URL = "https://portal.example.com";
    resetEnvCache();
    try {
      const token = await emailedToken(director);
      const res = await enterPost(
        new Request(`https://portal.example.com/api/enter/${token}`, { method: "POST", headers: { origin: "https://portal.example.com" } }),
        { params: Promise.resolve({ token }) },
      );
      const parts = res.headers.getSetCookie()[0]!.split("; ");
      expect(parts[0]).toMatch(/^__Host-dvp_session=[\w-]{43}$/);
      expect(parts.slice(1).filter((p) => !p.startsWith("Expires=")).sort()).toEqual(["HttpOnly", "Path=/", "SameSite=lax", "Secure"]);
      expect(parts.some((p) => p.startsWith("Domain="))).toBe(false);
    } finally {
      delete process.env.APP_URL;
      resetEnvCache();
    }
  });

  it("GET /api/home gives each role its landing path", async () => {
    const text = async (cookie?: string) => (await homeGet(withCookie("/api/home", cookie))).text();
    expect(await text()).toBe("/");
    expect(await text(await signIn(contact))).toBe("/identity-verification/company-management");
    expect(await text(await signIn(director))).toBe("/identity-verification/individual-details");
  });
});
