// `npm run sim:stripe`: the local Stripe simulator (lib/integrations/stripe/simulator). `npm start`
// runs it when STRIPE_SECRET_KEY is unset; the end-to-end tests run it on their own port.
//
//   SIMULATOR_PORT                 port (default 12111); the portal's STRIPE_API_BASE is http://127.0.0.1:<port>
//   STRIPE_SECRET_KEY              the only API key accepted (default: the development key)
//   STRIPE_WEBHOOK_SECRET          signs the webhooks (default: the development secret)
//   STRIPE_SIMULATOR_WEBHOOK_URL   where events go (default: $APP_URL/api/webhooks/stripe)
//   STRIPE_SIMULATOR_PUBLIC_URL    origin of the hosted payment page in session URLs
//                                  (default: http://127.0.0.1:<port>)
//
// The hosted page is /pay/<session id>: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
// declined. GET /_simulator/events lists the events sent and every delivery attempt;
// POST /_simulator/events/<id>/resend delivers one again. Sessions live in memory only.
import { STRIPE_DEV_CREDENTIALS, STRIPE_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/stripe/dev-credentials";
import { startStripeSimulator } from "../../lib/integrations/stripe/simulator/server";
import { runSimulator } from "../lib/run-simulator";
import { log } from "../../lib/log";

const port = Number(process.env.SIMULATOR_PORT || STRIPE_SIMULATOR_DEFAULT_PORT);
const appUrl = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");

const started = startStripeSimulator(port, {
  secretKey: process.env.STRIPE_SECRET_KEY || STRIPE_DEV_CREDENTIALS.secretKey,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || STRIPE_DEV_CREDENTIALS.webhookSecret,
  webhookUrl: process.env.STRIPE_SIMULATOR_WEBHOOK_URL || `${appUrl}/api/webhooks/stripe`,
  publicUrl: process.env.STRIPE_SIMULATOR_PUBLIC_URL || undefined,
  log: (line) => log.info(line),
});

runSimulator("stripe simulator", "the Stripe simulator", port, started, (simulator) => `Stripe API at ${simulator.url}, webhooks to ${process.env.STRIPE_SIMULATOR_WEBHOOK_URL || `${appUrl}/api/webhooks/stripe`}`);
