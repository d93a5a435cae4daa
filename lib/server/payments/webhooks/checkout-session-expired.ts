import "server-only";
import type { Tx } from "@/db";
import { withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import type { PaymentEvent } from "@/lib/integrations/stripe";
import { sendJob } from "@/lib/jobs/send-job";
import { formatPence } from "@/lib/pricing/pricing";
import { cardQuote } from "../card-quote";
import { findCheckoutClient } from "../find-checkout-client";
import { paymentUrls } from "../payment-urls";

/**
 * `checkout.session.expired`: the Checkout page was left unpaid until Stripe closed it (24 hours
 * by default). The main contact is emailed a link to the payment page, which opens a new session
 * only when they click to pay; emailing a fresh Checkout URL instead would expire in turn and send
 * another email a day, for ever. Nothing is sent when the client has paid, is no longer waiting for
 * payment, or has moved on to a later session (events may arrive in any order). One email per
 * expired session, however often the event is delivered.
 */
export async function checkoutSessionExpired(tx: Tx, event: PaymentEvent): Promise<void> {
  const session = event.checkoutSession;
  if (!session) return;
  const client = await findCheckoutClient(tx, session);
  if (!client || client.paid || client.isDeleted || client.status !== "PaymentPending" || client.paymentSessionId !== session.id) return;
  const due = await cardQuote(tx, client);
  // In the contact's language (lib/i18n/recipient-locale.ts), whoever caused it.
  const email = withLocale(recipientLocale(client), () => {
    const t = translator();
    return renderEmail({
      subject: t("email.paymentLink.subject", { reference: client.reference }),
      paragraphs: [t("email.paymentLink.intro", { name: client.name }), t("email.paymentLink.next")],
      details: [
        { label: t("email.paymentLink.reference"), value: client.reference },
        { label: t("email.paymentLink.amount"), value: formatPence(due.amountDue) },
      ],
      action: { label: t("email.paymentLink.action"), url: paymentUrls.session(session.id) },
    });
  });
  await sendJob(
    tx,
    "email.send",
    { to: client.mainContactEmail, ...email, about: { entityType: "Client", entityId: String(client.id), clientId: client.id, purpose: "new payment link" } },
    { key: `payment-link:${session.id}` },
  );
}
