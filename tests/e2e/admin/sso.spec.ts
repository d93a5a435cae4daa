import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";

// Admin single sign-on end to end, against the local OpenID Connect provider that the global
// setup starts (scripts/oidc-provider.ts; ADMIN_EMAILS=admin@portal.example) in its UserInfo mode:
// the ID token carries no email, so the portal reads it from the UserInfo endpoint.

const SESSION_COOKIE = "dvp_session";
const ADMIN_HOME = "/administration/client-management";

function appOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

async function portalSession(context: BrowserContext) {
  return (await context.cookies(appOrigin())).find((c) => c.name === SESSION_COOKIE);
}

/** Fills the provider's development login form; gives consent if the provider asks for it. */
async function signInAtProvider(page: Page, email: string) {
  const login = page.locator('input[name="login"]');
  await expect(login).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(appOrigin());
  await login.fill(email);
  await page.locator('input[name="password"]').fill("any password will do");
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('input[name="prompt"][value="consent"]');
  await Promise.race([page.waitForURL((u) => u.origin === appOrigin(), { waitUntil: "commit" }), consent.waitFor()]);
  if (new URL(page.url()).origin !== appOrigin() && (await consent.count()) > 0) {
    await page.locator('button[type="submit"]').click();
  }
}

test.describe("admin single sign-on", () => {
  test("[ADMIN] signs in with single sign-on", async ({ page, context }) => {
    await page.goto("/admin/login");
    await signInAtProvider(page, "admin@portal.example");

    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname.startsWith(ADMIN_HOME));
    expect(new URL(page.url()).pathname).toBe(ADMIN_HOME);

    // Our own server-side session, not next-auth's.
    const session = await portalSession(context);
    expect(session).toBeDefined();
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session!.value.length).toBeGreaterThanOrEqual(40);
    expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
    const all = await context.cookies(appOrigin());
    expect(all.filter((c) => /next-auth\.session-token/.test(c.name))).toEqual([]);

    // The session is the portal's: it knows the admin by the provider's name claim.
    const user = await page.request.get("/api/user");
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ email: "admin@portal.example", type: "Admin", name: "Alex Morgan" });
    const home = await page.request.get("/api/home");
    expect((await home.text()).trim()).toContain(ADMIN_HOME);
  });

  test("[ADMIN] a non-admin SSO user gets 403", async ({ page, context }) => {
    await page.goto("/admin/login");
    await signInAtProvider(page, "staff@portal.example");

    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname === "/errors/un-authorised");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Forbidden");
    expect(await portalSession(context)).toBeUndefined();
  });

  test("[ADMIN] a tampered sign-in callback does not sign in", async ({ page, context }) => {
    // Let the provider complete the login, but stop before the browser follows its redirect back to
    // the portal, and keep that URL. (Redirects cannot be routed, so follow them here instead.)
    let callback: string | undefined;
    await page.goto("/admin/login");
    const login = page.locator('input[name="login"]');
    await expect(login).toBeVisible();
    const provider = new URL(page.url()).origin;
    await page.route(`${provider}/interaction/**`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      let response = await route.fetch({ maxRedirects: 0 });
      let location = new URL(response.headers()["location"]!, route.request().url()).toString();
      while (new URL(location).origin !== appOrigin()) {
        response = await page.request.get(location, { maxRedirects: 0 });
        location = new URL(response.headers()["location"]!, location).toString();
      }
      callback = location;
      await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stopped</title>" });
    });
    await login.fill("admin@portal.example");
    await page.locator('input[name="password"]').fill("x");
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => callback).toBeDefined();
    await page.unroute(`${provider}/interaction/**`);
    expect(new URL(callback!).pathname).toBe("/api/auth/callback/oidc");

    const tampered = new URL(callback!);
    expect(tampered.searchParams.get("code")).toBeTruthy();
    tampered.searchParams.set("state", "forged-state-value");
    await page.goto(tampered.toString());

    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname === "/admin/login" && u.searchParams.has("error"));
    await expect(page.getByRole("alert").filter({ hasText: "You were not signed in" })).toBeVisible();
    expect(await portalSession(context)).toBeUndefined();

    // The genuine callback cannot be replayed afterwards either: its state was spent.
    await page.goto(callback!);
    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname === "/admin/login");
    expect(await portalSession(context)).toBeUndefined();

    // And the person can start again from the error page. The provider still has its own session
    // from the login above, so it sends them straight back without asking again.
    await page.getByRole("button", { name: "Continue to single sign-on" }).click();
    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname.startsWith(ADMIN_HOME));
    expect(await portalSession(context)).toBeDefined();
  });

  test("[ADMIN] the admin sign-in page is accessible and works without JavaScript", async ({ page, browser }) => {
    // With an error the page does not move on by itself, so it can be checked as it stands.
    await page.goto("/admin/login?error=OAuthCallback");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin sign in");
    await expect(page.getByRole("button", { name: "Continue to single sign-on" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: appOrigin() });
    try {
      const p = await noJs.newPage();
      await p.goto("/admin/login");
      const link = p.getByRole("link", { name: "Continue to single sign-on" });
      await expect(link).toBeVisible();
      await link.click();
      // next-auth's own sign-in form (with its CSRF token) takes over from here.
      await p.locator('form[action$="/api/auth/signin/oidc"] button[type="submit"]').click();
      await expect(p.locator('input[name="login"]')).toBeVisible();
    } finally {
      await noJs.close();
    }
  });
});
