import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { sendJob } from "@/lib/jobs/send-job";

/** The job key of the "every personal code is ready" email of one completion of a client. */
export function codesReadyKey(clientId: number, at: Date): string {
  return `codes-ready:${clientId}:${at.toISOString()}`;
}

/**
 * What follows a client becoming `Completed`, in the transaction that moved it (called by the one
 * writer of a client's status). For a `Managed` client, whose service is returning the personal
 * codes together, the main contact is emailed that every code is ready, to be downloaded from the
 * company page (the export carries them); the codes themselves are never put in an email. One
 * email per completion: a client completed again later (after an individual was added) is told
 * again, a repeated call for the same completion is not.
 */
export async function onClientCompleted(tx: Tx, { clientId, at }: { clientId: number; at: Date }): Promise<void> {
  const [client] = await tx
    .select({ name: clients.name, reference: clients.reference, productTier: clients.productTier, status: clients.status, mainContactEmail: clients.mainContactEmail, locale: clients.locale })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.isDeleted, false)));
  if (!client || client.productTier !== "Managed" || client.status !== "Completed") return;
  // In the contact's language (lib/i18n/recipient-locale.ts), whoever caused it.
  const email = withLocale(recipientLocale(client), () => {
    const t = translator();
    return renderEmail({
      subject: t("email.codesReady.subject", { company: client.name }),
      paragraphs: [t("email.codesReady.intro", { company: client.name }), t("email.codesReady.download")],
      details: [{ label: t("email.codesReady.reference"), value: client.reference }],
      action: { label: t("email.codesReady.action"), url: new URL("/login", getEnv().APP_URL).toString() },
    });
  });
  await sendJob(
    tx,
    "email.send",
    { to: client.mainContactEmail, ...email, about: { entityType: "Client", entityId: String(clientId), clientId, purpose: "personal codes ready" } },
    { key: codesReadyKey(clientId, at) },
  );
}
