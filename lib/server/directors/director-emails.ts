import "server-only";
import type { Client, Director } from "@/db/schema";
import type { DirectorStatus, EvidenceKind } from "@/lib/domain/values";
import { getEnv } from "@/lib/env";
import { currentLocale, withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail, type EmailContent } from "@/lib/integrations/email/render";

/*
 * Emails to a director about their own journey. Like the invitation, none carries a sign-in link
 * (links are single-use and short-lived); they point at the sign-in page instead. Each is written
 * in the director's language (their own choice, else their company's: lib/i18n/recipient-locale.ts),
 * whoever caused it.
 */

type To = Pick<Director, "locale">;
type Company = Pick<Client, "name" | "locale">;
type Translate = ReturnType<typeof translator>;

/** An email to a director, its content written by `compose` in their language. */
function emailTo(director: To, client: Company, compose: (t: Translate) => EmailContent) {
  return withLocale(recipientLocale(director, client), () => renderEmail(compose(translator())));
}

function signInUrl(): string {
  return new URL("/login", getEnv().APP_URL).toString();
}

/** The emails about a director's own journey whose messages (`email.<key>`) have a `subject` and an `intro`. */
type JourneyEmail = "verificationComplete" | "personalCodeRequest" | "emailChange";

/**
 * A journey email: its subject, and an opening line that names the director and their company
 * (and the `intro` values besides), then what `more` writes (further paragraphs, an action).
 */
function journeyEmail(
  key: JourneyEmail,
  director: Pick<Director, "name"> & To,
  client: Company,
  more: (t: Translate) => Omit<EmailContent, "subject">,
  intro: Record<string, string> = {},
) {
  return emailTo(director, client, (t) => {
    const { paragraphs, ...rest } = more(t);
    return {
      subject: t(`email.${key}.subject`),
      paragraphs: [t(`email.${key}.intro`, { name: director.name, company: client.name, ...intro }), ...paragraphs],
      ...rest,
    };
  });
}

/** When the director has entered their personal code: nothing more is needed from them. */
export function verificationCompleteEmail(director: Pick<Director, "name"> & To, client: Company) {
  return journeyEmail("verificationComplete", director, client, (t) => ({ paragraphs: [t("email.verificationComplete.next")] }));
}

/** When the check has verified the director: the one step left is the personal code. */
export function personalCodeRequestEmail(director: Pick<Director, "name"> & To, client: Company) {
  return journeyEmail("personalCodeRequest", director, client, (t) => ({
    paragraphs: [t("email.personalCodeRequest.how")],
    action: { label: t("email.personalCodeRequest.action"), url: signInUrl() },
  }));
}

/**
 * To an individual's current address when their company contact asks to change it: the new address,
 * and a link to confirm (nothing changes until they do); ignore it to keep the current one.
 */
export function emailChangeConfirmEmail(director: Pick<Director, "name"> & To, client: Company, newEmail: string, confirmUrl: string) {
  return journeyEmail(
    "emailChange",
    director,
    client,
    (t) => ({
      paragraphs: [t("email.emailChange.ignore")],
      action: { label: t("email.emailChange.action"), url: confirmUrl },
    }),
    { newEmail },
  );
}

/** The page where an individual confirms a change of their email (app/(public)/confirm-email/[token]). */
export function emailChangeConfirmUrl(token: string): string {
  return new URL(`/confirm-email/${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
}

/** The kinds of evidence in words, joined as a sentence would ("proof of a change of name and proof of address"). */
function evidenceInWords(kinds: readonly EvidenceKind[]): string {
  const t = translator();
  return new Intl.ListFormat(currentLocale(), { type: "conjunction" }).format(kinds.map((k) => t(`email.reviewDecision.kinds.${k}`)));
}

/** An individual a review decided on: addressed by their first name, and told their reference. */
type Reviewed = Pick<Director, "name" | "firstName" | "reference"> & To;

/**
 * A review decision's email: `compose` writes it, given the values of its opening line (the
 * individual's first name and their company); it ends with their reference.
 */
function reviewDecisionEmail(
  director: Reviewed,
  client: Company,
  compose: (t: Translate, values: { name: string; company: string }) => EmailContent,
) {
  return emailTo(director, client, (t) => ({
    ...compose(t, { name: director.firstName ?? director.name, company: client.name }),
    details: [{ label: t("email.reviewDecision.reference"), value: director.reference }],
  }));
}

/** After a review asked for more evidence: which documents to upload. */
export function evidenceRequestEmail(
  director: Reviewed,
  client: Company,
  kinds: readonly EvidenceKind[],
) {
  return reviewDecisionEmail(director, client, (t, values) => ({
    subject: t("email.reviewDecision.evidenceSubject"),
    paragraphs: [
      t("email.reviewDecision.evidenceIntro", values),
      t("email.reviewDecision.evidenceNeeded", { documents: evidenceInWords(kinds) }),
      t("email.reviewDecision.evidenceHow"),
    ],
    action: { label: t("email.reviewDecision.action"), url: signInUrl() },
  }));
}

/** After a review rejected the check: verification failed, and whom to ask. */
export function reviewRejectedEmail(director: Reviewed, client: Company) {
  return reviewDecisionEmail(director, client, (t, values) => ({
    subject: t("email.reviewDecision.rejectedSubject"),
    paragraphs: [
      t("email.reviewDecision.rejectedIntro", values),
      t("email.reviewDecision.rejectedNext", { email: getEnv().SUPPORT_EMAIL }),
    ],
    action: {
      label: t("email.reviewDecision.contactSupport"),
      url: new URL("/contact", getEnv().APP_URL).toString(),
    },
  }));
}

/** After staff re-opened a rejected director: they may continue, with the personal code or a new check. */
export function reopenedEmail(director: Reviewed, client: Company, to: DirectorStatus) {
  return reviewDecisionEmail(director, client, (t, values) => ({
    subject: t("email.reviewDecision.reopenedSubject"),
    paragraphs: [
      t("email.reviewDecision.reopenedIntro", values),
      to === "AwaitingAuthCode"
        ? t("email.reviewDecision.reopenedCode")
        : t("email.reviewDecision.reopenedCheck"),
    ],
    action: { label: t("email.reviewDecision.action"), url: signInUrl() },
  }));
}
