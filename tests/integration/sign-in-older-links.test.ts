import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { signInTokens } from "@/db/schema";
import { GET as enterGet, POST as enterPost } from "@/app/api/enter/[token]/route";
import { hashToken } from "@/lib/auth/tokens";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { setupTestDb } from "./support/setup-test-db";
import { contact, director, emailedToken } from "./support/sign-in";

setupTestDb({ env: { SEND_LINK_MIN_MS: "0" } });

function enter(token: string, method: "GET" | "POST") {
  const req = new Request(`http://localhost:3000/api/enter/${token}`, {
    method,
    headers: { "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: "203.0.113.31", ...(method === "POST" ? { origin: "http://localhost:3000" } : {}) },
  });
  return (method === "GET" ? enterGet : enterPost)(req, { params: Promise.resolve({ token }) });
}

async function tokenRow(token: string) {
  const [row] = await (await getDb()).select().from(signInTokens).where(eq(signInTokens.tokenHash, hashToken(token)));
  return row!;
}

describe("asking for a new sign-in link", () => {
  it("ends the person's older unused links; the newest works", async () => {
    const first = await emailedToken(contact);
    const second = await emailedToken(contact);
    expect(second).not.toBe(first);

    const older = await tokenRow(first);
    expect(older.usedAt).toBeNull();
    expect(older.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(older.sealedToken).toBeNull();

    expect((await enter(first, "GET")).headers.get("location")).toMatch(/\/login\/error$/);
    expect((await enter(first, "POST")).headers.get("location")).toMatch(/\/login\/error$/);
    expect((await enter(second, "POST")).headers.get("location")).toMatch(/\/identity-verification\/company-management$/);
  });

  it("leaves other people's links alone", async () => {
    const directorLink = await emailedToken(director);
    await emailedToken(contact);
    expect((await enter(directorLink, "POST")).headers.get("location")).toMatch(/\/identity-verification\/individual-details$/);
  });

  it("does not touch used links (their record stays as it was)", async () => {
    const used = await emailedToken(director);
    expect((await enter(used, "POST")).status).toBe(303);
    const before = await tokenRow(used);
    await emailedToken(director);
    expect(await tokenRow(used)).toEqual(before);
  });
});
