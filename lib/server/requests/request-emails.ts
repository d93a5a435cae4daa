import "server-only";
import type { Client, Director } from "@/db/schema";
import { loginPrefillPath } from "@/lib/auth/login-prefill";
import { getEnv } from "@/lib/env";
import { formatDate } from "@/lib/dates/format-date";
import { currentLocale, withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { formatPence, type Quote } from "@/lib/pricing/pricing";

/*
 * The emails of an onboarding request. Neither carries a sign-in link: links are single-use and
 * short-lived, and an invitation may wait days in an inbox. They carry the reference instead, which
 * the person types on the sign-in page with their email address to get a link of their own. The
 * invitation's button opens that page with both filled in (it signs nobody in: the person still asks
 * for their link, which goes to the address the invitation went to). Each is written in its
 * recipient's language (lib/i18n/recipient-locale.ts), whoever caused it.
 */

function signInUrl(): string {
  return new URL("/login", getEnv().APP_URL).toString();
}

/**
 * To the main contact, when the request is stored: their reference, what happens next, how to sign
 * in. `held`: the invitations wait for staff, who are in touch within two working days and invite
 * the individuals then.
 */
export function requestConfirmationEmail(client: Pick<Client, "name" | "reference" | "journey" | "productTier" | "locale">, q: Quote, { held = false }: { held?: boolean } = {}) {
  return withLocale(recipientLocale(client), () => {
    const t = translator();
    const next = held
      ? ({ PayByCard: "nextCard", PayByInvoice: "nextInvoiceHeld", Existing: "nextExistingHeld" } as const)
      : ({ PayByCard: "nextCard", PayByInvoice: "nextInvoice", Existing: "nextExisting" } as const);
    return renderEmail({
      subject: t("email.requestConfirmation.subject", { reference: client.reference }),
      paragraphs: [
        t("email.requestConfirmation.intro", { name: client.name, count: q.individuals }),
        t(`email.requestConfirmation.${next[client.journey]}`),
        ...(held && client.journey !== "PayByCard" ? [] : [t("email.requestConfirmation.onboarding")]),
        t("email.requestConfirmation.signIn"),
      ],
      details: [
        { label: t("email.requestConfirmation.reference"), value: client.reference },
        { label: t("email.requestConfirmation.service"), value: t(`statuses.productTier.${client.productTier}`) },
        ...(client.journey === "Existing" ? [] : [{ label: t("email.requestConfirmation.amount"), value: formatPence(q.amountDue) }]),
      ],
      action: { label: t("email.requestConfirmation.action"), url: signInUrl() },
    });
  });
}

/**
 * To an individual, once the request may go ahead (and again when their contact resends it): the
 * company asking, what to have ready, their own reference, and a button to the sign-in page with
 * their email address and reference filled in; the date to be verified by, when the company gave one.
 */
export function invitationEmail(director: Pick<Director, "reference" | "email" | "locale">, client: Pick<Client, "name" | "locale" | "verifyBy">) {
  return withLocale(recipientLocale(director, client), () => {
    const t = translator();
    const deadline = client.verifyBy ? [t("email.invitation.deadline", { company: client.name, date: formatDate(client.verifyBy, currentLocale()) })] : [];
    return renderEmail({
      subject: t("email.invitation.subject", { company: client.name }),
      paragraphs: [t("email.invitation.intro", { company: client.name }), ...deadline, t("email.invitation.signIn", { submit: t("login.submit") }), t("email.invitation.next")],
      list: { title: t("email.invitation.haveReady"), items: [t("email.invitation.identityDocument"), t("email.invitation.addresses"), t("email.invitation.camera")] },
      details: [{ label: t("email.invitation.reference"), value: director.reference }],
      action: { label: t("email.invitation.action"), url: new URL(loginPrefillPath({ email: director.email, reference: director.reference }), getEnv().APP_URL).toString() },
    });
  });
}
