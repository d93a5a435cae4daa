import "server-only";
import type { Client, Director } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";

/*
 * Emails to a director about their own journey. Like the invitation, none carries a sign-in link
 * (links are single-use and short-lived); they point at the sign-in page instead.
 */

function signInUrl(): string {
  return new URL("/login", getEnv().APP_URL).toString();
}

/** When the director has entered their personal code: nothing more is needed from them. */
export function verificationCompleteEmail(director: Pick<Director, "name">, client: Pick<Client, "name">) {
  const t = translator();
  return renderEmail({
    subject: t("email.verificationComplete.subject"),
    paragraphs: [t("email.verificationComplete.intro", { name: director.name, company: client.name }), t("email.verificationComplete.next")],
  });
}

/** When the check has verified the director: the one step left is the personal code. */
export function personalCodeRequestEmail(director: Pick<Director, "name">, client: Pick<Client, "name">) {
  const t = translator();
  return renderEmail({
    subject: t("email.personalCodeRequest.subject"),
    paragraphs: [t("email.personalCodeRequest.intro", { name: director.name, company: client.name }), t("email.personalCodeRequest.how")],
    action: { label: t("email.personalCodeRequest.action"), url: signInUrl() },
  });
}
