import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { listMessages, type CapturedMessage } from "../../../lib/integrations/email/mailbox-store";

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Waits for a captured email to `to` whose subject matches. */
export async function waitForEmail(to: string, subject: RegExp, timeoutMs = 15_000, since = 0): Promise<CapturedMessage> {
  const dir = process.env.E2E_MAILBOX_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = listMessages(dir).find(
      (m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()) && subject.test(m.subject) && Date.parse(m.receivedAt) >= since,
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
}

export const demo = {
  contact: { email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP", company: "Hartwell Holdings Ltd" },
  otherContact: { email: "kate.holloway@northgate-property.example", reference: "NPS6R2WD", company: "Northgate Property Services Ltd" },
  director: { email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM", name: "James Whitaker" },
  admin: { email: "admin@portal.example" },
} as const;

/** Asks for a sign-in link through /login in the page, and returns the link from the captured email. */
export async function requestLinkInBrowser(page: Page, who: { email: string; reference: string }): Promise<string> {
  const since = Date.now();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Reference number").fill(who.reference);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  const mail = await waitForEmail(who.email, /sign-in link/i, 15_000, since);
  const link = mail.text.match(/https?:\/\/\S+\/api\/enter\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error("no link in the sign-in email");
  return link;
}
