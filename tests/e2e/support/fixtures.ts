import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { listMessages, type CapturedMessage } from "../../../lib/integrations/email/mailbox-store";

/** The port of the portal under test (the project's baseURL), for specs that speak HTTP themselves. */
export function portalPort(): number {
  return Number(new URL(test.info().project.use.baseURL!).port);
}

/**
 * Fails on any serious or critical accessibility violation of the page as it is now, once its
 * finite animations and transitions have ended: axe measures colours as drawn, and a toast still
 * fading in fails colour contrast at partial opacity (it did in one CI run). A toast can also arrive
 * while axe runs (an admin's notification of another spec's doing, in a later CI run), so the page
 * asks for reduced motion first: the toasts then appear without fading in (sonner's own rule).
 *
 * A frame sandboxed without scripts (the development mailbox's HTML email, `sandbox=""`) is left
 * out: axe cannot run inside it, and @axe-core/playwright's analyze() then never returns (the
 * phone-width spec's mailbox email timed out after 3 minutes).
 *
 * In legacy mode: axe runs in the page and its frames and reports from there, rather than
 * @axe-core/playwright opening a blank page to gather every frame's results, which took as long
 * again as the checks (the same violations, passes and incomplete results either way, at half the
 * time: docs/speed.md "The suite's time on 2 cores (issue 22)"). Frames of another origin are then
 * not tested; the portal's pages have none of their own.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .setLegacyMode(true)
    .analyze();
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

/**
 * What a JSON caller adds to a public form's body (send-link, new-enquiry) to pass the bot check:
 * the reCAPTCHA simulator's fixed token, accepted outside production. Pages get real tokens from
 * the simulator's script instead.
 */
export const human = { captchaToken: "test-pass" } as const;

/**
 * Demo accounts (db/seed/demo.ts), to be read, never changed: the global teardown fails the run if
 * the demo data changed. A spec that changes a company or an individual, or depends on their
 * state, makes its own (./seed.ts).
 */
export const demo = {
  contact: { email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP", company: "Hartwell Holdings Ltd" },
  otherContact: { email: "kate.holloway@northgate-property.example", reference: "NPS6R2WD", company: "Northgate Property Services Ltd" },
  director: { email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM", name: "James Whitaker" },
  admin: { email: "admin@portal.example" },
} as const;

/** Each demo person's test-user header, which the end-to-end server takes in place of a sign-in. */
export const demoTestUser = {
  contact: `DV_CompanyContact:${demo.contact.email}:${demo.contact.reference}`,
  director: `DV_Director:${demo.director.email}:${demo.director.reference}`,
  admin: `Admin:${demo.admin.email}`,
} as const;

/** A turn lasts this long while its link is awaited, and this long once the link is in hand. */
const TURN_WAITING_MS = 30_000;
const TURN_USING_MS = 8_000;

function turnsDir() {
  const dir = path.join(path.dirname(process.env.E2E_MAILBOX_DIR!), "sign-in-turns");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Waits for this person's turn to sign in, and answers a function that marks the link as in hand
 * (the turn then ends TURN_USING_MS later). A new sign-in link ends the person's older unused links,
 * so two specs (in two workers) asking for the same person at once would void each other's link.
 * Turns are files created exclusively, numbered per person, under the run's own folder; nothing is
 * ever deleted, so no two specs can hold the same turn.
 */
export async function takeSignInTurn(email: string): Promise<() => void> {
  const dir = turnsDir();
  const person = createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16);
  for (;;) {
    const taken = fs.readdirSync(dir).filter((f) => f.startsWith(`${person}-`)).map((f) => Number(f.slice(person.length + 1)));
    const last = taken.length ? Math.max(...taken) : -1;
    // "<since>:<for ms>"; an empty file is a turn being taken this instant (created, not yet written).
    const [since = Date.now(), length = TURN_WAITING_MS] = last < 0 ? [0, 0] : (fs.readFileSync(path.join(dir, `${person}-${last}`), "utf8") || `${Date.now()}:${TURN_WAITING_MS}`).split(":").map(Number);
    if (Date.now() >= since + length) {
      const file = path.join(dir, `${person}-${last + 1}`);
      try {
        fs.writeFileSync(file, `${Date.now()}:${TURN_WAITING_MS}`, { flag: "wx" });
        return () => fs.writeFileSync(file, `${Date.now()}:${TURN_USING_MS}`);
      } catch {
        // Another worker took this turn first: look again.
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Asks for a sign-in link through /login in the page, and returns the link from the captured email. */
export async function requestLinkInBrowser(page: Page, who: { email: string; reference: string }): Promise<string> {
  const linkInHand = await takeSignInTurn(who.email);
  const since = Date.now();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Reference number").fill(who.reference);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  const mail = await waitForEmail(who.email, /sign-in link/i, 15_000, since);
  const link = mail.text.match(/https?:\/\/\S+\/api\/enter\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error("no link in the sign-in email");
  linkInHand();
  return link;
}
