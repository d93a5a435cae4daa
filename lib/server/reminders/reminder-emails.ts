import "server-only";
import type { DirectorStatus } from "@/db/schema";
import { formatDate } from "@/lib/dates/format-date";
import type { VerifyByReason } from "@/lib/domain/verify-by";
import { getEnv } from "@/lib/env";
import { currentLocale } from "@/lib/i18n/current-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";

/*
 * The reminder emails. Like the invitation, none carries a sign-in link (links are single-use and
 * short-lived); each carries the person's reference, which they type on the sign-in page.
 */

function signInUrl(): string {
  return new URL("/login", getEnv().APP_URL).toString();
}

/** A reminder to sign in with their reference, in the words of `email.<key>.*`. */
function signInReminderEmail(key: "reminder" | "idvReminder", director: { reference: string }, company: string, now: Date) {
  const t = translator();
  return renderEmail(
    {
      subject: t(`email.${key}.subject`, { company }),
      paragraphs: [t(`email.${key}.intro`, { company }), t(`email.${key}.signIn`)],
      details: [{ label: t(`email.${key}.reference`), value: director.reference }],
      action: { label: t(`email.${key}.action`), url: signInUrl() },
    },
    now,
  );
}

/** To an individual who has not started: the invitation again, as a reminder. */
export function directorReminderEmail(director: { reference: string }, company: string, now: Date) {
  return signInReminderEmail("reminder", director, company, now);
}

/** To an individual who opened the identity check and did not finish it. */
export function idvReminderEmail(director: { reference: string }, company: string, now: Date) {
  return signInReminderEmail("idvReminder", director, company, now);
}

/**
 * To an individual still to be verified, some days before their verify-by date (deadline reminders):
 * the date, the days left and why that date binds them.
 */
export function deadlineReminderEmail(director: { reference: string }, company: string, deadline: { date: string; reason: VerifyByReason; daysLeft: number }, now: Date) {
  const t = translator();
  const date = formatDate(deadline.date, currentLocale());
  return renderEmail(
    {
      subject: t("email.deadlineReminder.subject", { company, date }),
      paragraphs: [
        t("email.deadlineReminder.intro", { company, date, days: deadline.daysLeft }),
        t(`email.deadlineReminder.reasons.${deadline.reason}`, { company }),
        t("email.deadlineReminder.signIn"),
      ],
      details: [
        { label: t("email.deadlineReminder.verifyBy"), value: date },
        { label: t("email.deadlineReminder.reference"), value: director.reference },
      ],
      action: { label: t("email.deadlineReminder.action"), url: signInUrl() },
    },
    now,
  );
}

/** Names listed in a contact's summary; a company of thousands gets a count for the rest. */
const LISTED = 25;

/** To a company's contact: the payment still due, or the individuals still outstanding, by name. */
export function contactReminderEmail(
  client: { name: string; reference: string; status: string },
  outstanding: { name: string; status: DirectorStatus }[],
  now: Date,
) {
  const t = translator();
  const paragraphs: string[] = [];
  if (client.status === "PaymentPending") paragraphs.push(t("email.contactReminder.paymentPending", { reference: client.reference }));
  if (outstanding.length) {
    const names = outstanding.slice(0, LISTED).map((d) => `${d.name}: ${t(`statuses.director.${d.status}`)}`);
    if (outstanding.length > LISTED) names.push(t("email.contactReminder.more", { count: outstanding.length - LISTED }));
    paragraphs.push(t("email.contactReminder.outstanding", { count: outstanding.length }), names.join("\n"));
  }
  paragraphs.push(t("email.contactReminder.signIn"));
  return renderEmail(
    {
      subject: t("email.contactReminder.subject", { company: client.name }),
      paragraphs,
      details: [{ label: t("email.contactReminder.reference"), value: client.reference }],
      action: { label: t("email.contactReminder.action"), url: signInUrl() },
    },
    now,
  );
}
