import { getDb } from "@/db";
import { getEnv, type Env } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { databaseCredentialStore } from "./credential-store";
import { createSageAdapter } from "./sage-adapter";
import type { SageClient } from "./types";

export type { SageClient, SageContact, SageInvoice, NewSageContact, NewSalesInvoice, NewSalesInvoiceLine, SageAddress } from "./types";
export { SageError } from "./errors";

/** The Sage client a configuration means. The simulator is the same client pointed at it. */
export function chooseSage(env: Env): SageClient {
  const { SAGE_API_BASE, SAGE_TOKEN_URL, SAGE_CLIENT_ID, SAGE_CLIENT_SECRET, SAGE_REFRESH_TOKEN } = env;
  if (!SAGE_API_BASE || !SAGE_TOKEN_URL || !SAGE_CLIENT_ID || !SAGE_CLIENT_SECRET || !SAGE_REFRESH_TOKEN) {
    // Outside production, `npm start` and the end-to-end set-up start the Sage simulator and set
    // these; production refuses to start without them.
    throw new Error("Sage is not configured: set SAGE_API_BASE, SAGE_TOKEN_URL, SAGE_CLIENT_ID, SAGE_CLIENT_SECRET and SAGE_REFRESH_TOKEN, or start the portal with `npm start` (which runs the Sage simulator)");
  }
  return createSageAdapter(
    { apiBase: SAGE_API_BASE, tokenUrl: SAGE_TOKEN_URL, clientId: SAGE_CLIENT_ID, clientSecret: SAGE_CLIENT_SECRET, refreshToken: SAGE_REFRESH_TOKEN, salesLedgerAccountId: env.SAGE_SALES_LEDGER_ACCOUNT_ID },
    databaseCredentialStore({ provider: "sage", db: getDb, secret: env.AUTH_SECRET }),
  );
}

let chosen: { env: Env; client: SageClient } | undefined;

/**
 * The process's Sage client, chosen once from the configuration (again after resetEnvCache()). Its
 * calls are recorded as outside calls (lib/metrics/outside-call.ts).
 */
export function getSage(): SageClient {
  const env = getEnv();
  if (chosen?.env !== env) chosen = { env, client: instrumentAdapter("sage", chooseSage(env), ["findContactByReference", "createContact", "findInvoiceByReference", "createSalesInvoice"]) };
  return chosen.client;
}
