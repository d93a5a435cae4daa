import { GET } from "@/app/api/language/route";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { signInEmail } from "@/lib/jobs/definitions/send-sign-in-link.handler";

function get(query: string) {
  return GET(new Request(new URL(`/api/language?${query}`, getEnv().APP_URL), { headers: { "user-agent": "jest" } }));
}

describe("GET /api/language", () => {
  it("remembers Welsh for a year and goes back to the page it came from, query and all", async () => {
    const res = await get(`to=cy&back=${encodeURIComponent("/login?email=a%40b.example&reference=JW4T8KQM")}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(new URL("/login?email=a%40b.example&reference=JW4T8KQM", getEnv().APP_URL).toString());
    expect(res.headers.get("cache-control")).toBe("no-store");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^lang=cy;/);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("switches back to English", async () => {
    const res = await get("to=en-GB&back=/");
    expect(res.status).toBe(303);
    expect(res.headers.get("set-cookie")).toMatch(/^lang=en-GB;/);
  });

  it.each(["//evil.example/", "https://evil.example/", "/\\evil.example", "/a/..//evil.example"])("never goes back to another site (%s): home instead", async (back) => {
    const res = await get(`to=cy&back=${encodeURIComponent(back)}`);
    expect(res.headers.get("location")).toBe(new URL("/", getEnv().APP_URL).toString());
  });

  it("goes home without a page to go back to", async () => {
    expect((await get("to=cy")).headers.get("location")).toBe(new URL("/", getEnv().APP_URL).toString());
  });

  it("refuses a language the portal does not have, setting nothing", async () => {
    const res = await get("to=fr&back=/");
    expect(res.status).toBe(400);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("the sign-in email in Welsh", () => {
  it("is in the language its job carries, marked as such, and in English without one", () => {
    const welsh = withLocale("cy", () => signInEmail("https://portal.example/api/enter/x", 15));
    const english = signInEmail("https://portal.example/api/enter/x", 15);
    expect(welsh.subject).not.toBe(english.subject);
    expect(welsh.html).toContain('<html lang="cy">');
    expect(english.html).toContain('<html lang="en-GB">');
    expect(welsh.text).toContain("15");
  });
});
