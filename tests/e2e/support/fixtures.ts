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
export async function waitForEmail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMessage> {
  const dir = process.env.E2E_MAILBOX_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = listMessages(dir).find((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
}
