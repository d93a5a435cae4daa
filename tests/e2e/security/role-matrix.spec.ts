import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { human, takeSignInTurn, waitForEmail, demoTestUser } from "../support/fixtures";
import { seedCompany, type Person, type SeededCompany } from "../support/seed";

type Role = "anonymous" | "contact" | "director" | "admin" | "otherContact";
const roles: Role[] = ["anonymous", "contact", "director", "admin", "otherContact"];

/** Expected status per role: every page and API route of docs/product.md and §7 that exists so far. */
const matrix: { method?: "GET" | "POST"; path: string; expect: Record<Role, number> }[] = [
  { path: "/login", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/contact", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/admin/login", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/errors/un-authenticated", expect: { anonymous: 401, contact: 401, director: 401, admin: 401, otherContact: 401 } },
  { path: "/errors/un-authorised", expect: { anonymous: 403, contact: 403, director: 403, admin: 403, otherContact: 403 } },
  // The front door for a visitor; a signed-in person is sent on to their own home.
  { path: "/", expect: { anonymous: 200, contact: 307, director: 307, admin: 307, otherContact: 307 } },
  { path: "/requests/identity-verification", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/requests/identity-verification/choose?journey=PayByCard", expect: { anonymous: 303, contact: 303, director: 303, admin: 303, otherContact: 303 } },
  { path: "/identity-verification", expect: { anonymous: 401, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/identity-verification/company-management", expect: { anonymous: 401, contact: 200, director: 403, admin: 403, otherContact: 200 } },
  { path: "/identity-verification/individual-details?from=provider", expect: { anonymous: 401, contact: 403, director: 200, admin: 403, otherContact: 403 } },
  { path: "/administration", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/audit", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/operations", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/client-management", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/client-management/1", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/client-management/abc", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  { path: "/administration/client-management/999999", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  // A segment that does not decode names nothing: the not-found page (API: 400) for everyone, never a 500.
  { path: "/administration/client-management/%ff", expect: { anonymous: 404, contact: 404, director: 404, admin: 404, otherContact: 404 } },
  { path: "/api/enter/%ff", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { path: "/api/admin/director-verification/clients/%ff", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { path: "/api/user", expect: { anonymous: 401, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/api/home", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/api/options", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  // The header's language link: anyone, back to the page (English again, so later rows are unchanged).
  { path: "/api/language?to=en-GB&back=%2Flogin", expect: { anonymous: 303, contact: 303, director: 303, admin: 303, otherContact: 303 } },
  // Public, but only with the bot check's token in the body (none here): 400 for everyone.
  { method: "POST", path: "/api/lwdb-record?name=Ashcombe%20Engineering%20Ltd&customerCode=LW100245", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { path: "/api/admin/health", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  // Probes for load balancers and Kubernetes: public. The metrics need METRICS_TOKEN, unset here: the endpoint does not exist.
  { path: "/api/health/live", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/api/health/ready", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/api/metrics", expect: { anonymous: 404, contact: 404, director: 404, admin: 404, otherContact: 404 } },
  // The operator's page's Retry and Discard: admins only (no body: 400).
  { method: "POST", path: "/api/admin/operations/jobs/retry", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { method: "POST", path: "/api/admin/operations/jobs/discard", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { path: "/api/director-verification/company", expect: { anonymous: 401, contact: 200, director: 403, admin: 403, otherContact: 200 } },
  { path: "/api/director-verification/company/directors-export", expect: { anonymous: 401, contact: 200, director: 403, admin: 403, otherContact: 200 } },
  // A batch of added individuals that is nobody's (or another company's): 404 for contacts.
  { method: "POST", path: "/api/director-verification/company/additions/999999/payment", expect: { anonymous: 401, contact: 404, director: 403, admin: 403, otherContact: 404 } },
  // Resending the invitation of an individual who is nobody's (or another company's): 404 for contacts.
  // A card client's contact pays from their company page: only a contact, and only an unpaid card client's (the other contact's).
  { method: "POST", path: "/api/director-verification/company/payment", expect: { anonymous: 401, contact: 409, director: 403, admin: 403, otherContact: 200 } },
  // "Pay now" from the saved-not-paid page and the email-change confirmation: public, the token is the authority.
  { method: "POST", path: "/api/requests/identity-verification/continue", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { method: "POST", path: `/api/confirm-email/${"A".repeat(43)}`, expect: { anonymous: 303, contact: 303, director: 303, admin: 303, otherContact: 303 } },
  { path: `/confirm-email/${"A".repeat(43)}`, expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: "/confirm-email/result?outcome=expired", expect: { anonymous: 200, contact: 200, director: 200, admin: 200, otherContact: 200 } },
  { path: `/requests/identity-verification/continue/${"A".repeat(43)}`, expect: { anonymous: 404, contact: 404, director: 404, admin: 404, otherContact: 404 } },
  { method: "POST", path: "/api/director-verification/directors/999999/resend-invitation", expect: { anonymous: 401, contact: 404, director: 403, admin: 403, otherContact: 404 } },
  { path: "/api/director-verification/director", expect: { anonymous: 401, contact: 403, director: 200, admin: 403, otherContact: 403 } },
  // The identity check (start-yoti is left out: it would open a session at the simulator).
  { path: "/api/director-verification/director-verification/at-yoti", expect: { anonymous: 401, contact: 403, director: 303, admin: 403, otherContact: 403 } },
  { path: "/api/director-verification/director-verification/check-yoti", expect: { anonymous: 401, contact: 403, director: 200, admin: 403, otherContact: 403 } },
  // Yoti's notifications: without the session's token, 401 for everyone.
  { method: "POST", path: "/api/webhooks/yoti", expect: { anonymous: 401, contact: 401, director: 401, admin: 401, otherContact: 401 } },
  { path: "/api/admin/audit", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/director-verification/clients/1", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { method: "POST", path: "/api/admin/director-verification/clients/search", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/director-verification/directors/1", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/director-verification/directors/1/sov-info", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/director-verification/directors/1/yoti-media/999999", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  { path: "/api/admin/director-verification/directors/1/file/999999", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  // Evidence: the director's own uploads (another's or none: 404; an empty POST is not multipart: 400) and the printable pack.
  { method: "POST", path: "/api/director-verification/director/file?fileType=Address", expect: { anonymous: 401, contact: 403, director: 400, admin: 403, otherContact: 403 } },
  { path: "/api/director-verification/director/file/999999", expect: { anonymous: 401, contact: 403, director: 404, admin: 403, otherContact: 403 } },
  { path: "/administration/directors/1/evidence-pack", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/administration/directors/abc/evidence-pack", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  { method: "POST", path: "/api/admin/notifications/999999/read", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  { path: "/api/admin/audit/client/1", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/audit/director/1", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/notifications", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/options", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/export/client", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/export/director", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { path: "/api/admin/director-verification/clients/1/directors-export", expect: { anonymous: 401, contact: 403, director: 403, admin: 200, otherContact: 403 } },
  { method: "POST", path: "/api/admin/client/999999/delete", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { method: "POST", path: "/api/admin/director/999999/delete", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  // A review decision and a re-open: an empty body is a 400 for the admin, checked before the director.
  { method: "POST", path: "/api/admin/director-verification/directors/999999/review", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { method: "POST", path: "/api/admin/director-verification/directors/999999/reopen", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { method: "POST", path: "/api/admin/director-verification/clients/999999/invoice", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  // Sending a reminder now (an empty body is the contact's reminder): 404 for the admin, no such client.
  { method: "POST", path: "/api/admin/director-verification/clients/999999/remind", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  // Card payments: anyone may call them; a webhook without a valid signature and a retry without
  // its fields are refused alike.
  { method: "POST", path: "/api/webhooks/stripe", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  // Filing a request is open to anyone (the provider's systems too): an empty body is a 400.
  { method: "POST", path: "/api/requests/identity-verification", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { method: "POST", path: "/api/requests/identity-verification/payment", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  // The payment outcome page of a session Stripe does not know: the not-found page, with its status.
  { path: "/requests/identity-verification/cs_test_unknown0000000000", expect: { anonymous: 404, contact: 404, director: 404, admin: 404, otherContact: 404 } },
  // The request form's Companies House look-ups: public; a number that cannot be one and a one-letter
  // search are 400 for everyone (they never reach the register).
  { path: "/api/companies-house/companies/not-a-number", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  { path: "/api/companies-house/search?q=a", expect: { anonymous: 400, contact: 400, director: 400, admin: 400, otherContact: 400 } },
  // Confirming an earlier verification: the individual only (an empty body is a 400).
  { method: "POST", path: "/api/director-verification/director/prior-verification", expect: { anonymous: 401, contact: 403, director: 400, admin: 403, otherContact: 403 } },
  // The register check again, and a finding's resolution: admins only (nobody's individual: 404; no body: 400).
  { method: "POST", path: "/api/admin/director-verification/directors/999999/register-checks", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
  { method: "POST", path: "/api/admin/director-verification/directors/999999/register-checks/1/resolve", expect: { anonymous: 401, contact: 403, director: 403, admin: 400, otherContact: 403 } },
  { path: "/api/admin/director-verification/clients/x1", expect: { anonymous: 401, contact: 403, director: 403, admin: 404, otherContact: 403 } },
];

const contexts = {} as Record<Role, APIRequestContext>;
/**
 * The run's own people (tests/e2e/support/seed.ts): a contact of a company paying by invoice with
 * one individual (the director), and the contact of another company, whose card payment is due.
 */
let company: SeededCompany;
let otherCompany: SeededCompany;

async function signedIn(baseURL: string, who: Person) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const linkInHand = await takeSignInTurn(who.email);
  const since = Date.now();
  expect((await ctx.post("/api/send-link", { data: { ...human, ...who } })).status()).toBe(200);
  const mail = await waitForEmail(who.email, /sign-in link/i, 15_000, since);
  const token = mail.text.match(/\/api\/enter\/([A-Za-z0-9_-]{43})/)![1]!;
  linkInHand();
  const res = await ctx.post(`/api/enter/${token}`, { headers: { origin: baseURL }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return ctx;
}

test.beforeAll(async ({ baseURL }) => {
  company = await seedCompany({ name: "Matrix", individuals: [{ firstName: "Jamie", lastName: "Walsh" }] });
  otherCompany = await seedCompany({ name: "Matrix Card", client: { productTier: "OneOff", journey: "PayByCard", status: "PaymentPending" }, individuals: ["NotStarted"] });
  contexts.anonymous = await playwrightRequest.newContext({ baseURL });
  contexts.admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "test-user": demoTestUser.admin } });
  contexts.contact = await signedIn(baseURL!, company.contact);
  contexts.director = await signedIn(baseURL!, company.individuals[0]!);
  contexts.otherContact = await signedIn(baseURL!, otherCompany.contact);
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((c) => c.dispose()));
});

for (const row of matrix) {
  test(`[SECURITY] ${row.path} answers each role as the permission table says`, async () => {
    for (const role of roles) {
      const res = await contexts[role].fetch(row.path, {
        method: row.method ?? "GET",
        maxRedirects: 0,
        // A POST with an empty JSON body: allowed roles get a validation answer (400), never a 5xx.
        ...(row.method === "POST" ? { data: {} } : {}),
      });
      expect(res.status(), `${role} ${row.path}`).toBe(row.expect[role]);
    }
  });
}

test("[SECURITY] a contact never sees another company's data", async () => {
  const mine = await (await contexts.otherContact.get("/api/director-verification/company")).json();
  expect(mine.name).toBe(otherCompany.name);
  const page = await (await contexts.otherContact.get("/identity-verification/company-management")).text();
  expect(page).toContain(otherCompany.name);
  expect(page).not.toContain(company.name);
  expect(page).not.toContain(company.individuals[0]!.name);
});

test("[SECURITY] the api-key header opens the admin API, a wrong one is refused", async ({ baseURL }) => {
  const good = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "api-key": "e2e-admin-api-key-0123456789abcdef" } });
  const bad = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "api-key": "e2e-admin-api-key-0123456789abcdeX" } });
  expect((await good.get("/api/admin/audit")).status()).toBe(200);
  expect((await bad.get("/api/admin/audit")).status()).toBe(401);
  // The key is for the API only, not for pages.
  expect((await good.get("/administration/audit", { maxRedirects: 0 })).status()).toBe(401);
  await Promise.all([good.dispose(), bad.dispose()]);
});

test("[SECURITY] pages and API responses carry the security headers", async () => {
  for (const path of ["/login", "/api/options", "/api/user", "/identity-verification/company-management"]) {
    const res = await contexts.contact.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["content-security-policy"]).toContain("base-uri 'none'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    // /login's address may hold the invitation's email and reference: no Referer to other sites at all.
    expect(h["referrer-policy"], path).toBe(path === "/login" ? "same-origin" : "strict-origin-when-cross-origin");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
  }
  const personal = await contexts.contact.get("/api/user");
  expect(personal.headers()["cache-control"]).toBe("no-store");
  const page = await contexts.contact.get("/identity-verification/company-management");
  expect(page.headers()["cache-control"]).toContain("no-store");
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) nonces.add((await contexts.anonymous.get("/login")).headers()["content-security-policy"]!.match(/nonce-([^']+)/)![1]!);
  expect(nonces.size).toBe(3);
});

test("[SECURITY] state-changing calls from another site are refused", async () => {
  const res = await contexts.anonymous.post("/api/send-link", {
    data: { ...human, ...company.contact },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(res.status()).toBe(403);
});
