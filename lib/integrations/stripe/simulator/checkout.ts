// Checkout Sessions as Stripe models them: what `POST /v1/checkout/sessions` accepts and refuses, and
// the object it answers with. Only one-off card payments in `payment` mode are simulated, which is
// all the portal uses; any other parameter is refused as unknown, so a typo in the portal's adapter
// fails here as it would against Stripe.
import { randomBytes } from "node:crypto";
import { asList, FormError, type FormRecord, type FormValue } from "./form";
import { invalidRequest, parameterInvalid, parameterMissing, parameterUnknown, resourceMissing } from "./errors";

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  url: string | null;
}

export interface LineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** A session with what Stripe keeps beside it (line items are a separate list resource there). */
export interface StoredSession {
  session: CheckoutSession;
  lineItems: LineItem[];
  /** Stripe-Version of the request that created it: the version its events are rendered in. */
  apiVersion: string;
}

const KNOWN_PARAMS = new Set([
  "mode", "success_url", "cancel_url", "line_items", "client_reference_id", "customer_email", "metadata",
  "expires_at", "payment_method_types", "locale", "expand", "submit_type", "payment_intent_data",
]);
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50 };

export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "")}`;

function str(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw parameterInvalid(param, `Invalid string: ${param} must be a string, not a hash.`);
  return value;
}

function int(value: FormValue | undefined, param: string): number | undefined {
  const s = str(value, param);
  if (s === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(s)) throw parameterInvalid(param, `Invalid integer: ${s}`, "parameter_invalid_integer");
  return Number(s);
}

function url(value: FormValue | undefined, param: string): string | undefined {
  const s = str(value, param);
  if (s === undefined) return undefined;
  try {
    if (!["http:", "https:"].includes(new URL(s).protocol)) throw new Error();
  } catch {
    throw parameterInvalid(param, "Not a valid URL", "url_invalid");
  }
  return s;
}

function hash(value: FormValue | undefined, param: string): FormRecord | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    // Stripe accepts an empty string to mean "unset" for hashes such as metadata.
    if (value === "") return undefined;
    throw parameterInvalid(param, `Invalid hash: ${param} must be a hash.`, "parameter_invalid_empty");
  }
  return value;
}

function list(value: FormValue | undefined, param: string): FormValue[] {
  try {
    return asList(value, param);
  } catch (e) {
    if (e instanceof FormError) throw parameterInvalid(param, e.message, "parameter_invalid_array");
    throw e;
  }
}

function metadata(value: FormValue | undefined): Record<string, string> {
  const m = hash(value, "metadata") ?? {};
  const keys = Object.keys(m);
  if (keys.length > 50) throw parameterInvalid("metadata", "Invalid metadata: metadata cannot have more than 50 keys.");
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = str(m[k], `metadata[${k}]`)!;
    if (k.length > 40) throw parameterInvalid(`metadata[${k}]`, "Invalid metadata: keys can be at most 40 characters long.");
    if (v.length > 500) throw parameterInvalid(`metadata[${k}]`, "Invalid metadata: values can be at most 500 characters long.");
    if (v !== "") out[k] = v;
  }
  return out;
}

function lineItem(value: FormValue, i: number): LineItem & { currency: string } {
  const p = `line_items[${i}]`;
  const item = hash(value, p);
  if (!item) throw parameterMissing(`${p}[price_data]`);
  for (const k of Object.keys(item)) if (!["price", "price_data", "quantity"].includes(k)) throw parameterUnknown(`${p}[${k}]`);
  const price = str(item.price, `${p}[price]`);
  // The simulator holds no Price objects: any price id is unknown, as it would be in a new account.
  if (price !== undefined) throw resourceMissing("price", price, `${p}[price]`);
  const data = hash(item.price_data, `${p}[price_data]`);
  if (!data) throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${p}.`);
  const currency = str(data.currency, `${p}[price_data][currency]`);
  if (!currency) throw parameterMissing(`${p}[price_data][currency]`);
  if (!/^[a-z]{3}$/.test(currency)) throw parameterInvalid(`${p}[price_data][currency]`, `Invalid currency: ${currency}.`);
  const product = str(data.product, `${p}[price_data][product]`);
  if (product !== undefined) throw resourceMissing("product", product, `${p}[price_data][product]`);
  const name = str(hash(data.product_data, `${p}[price_data][product_data]`)?.name, `${p}[price_data][product_data][name]`);
  if (!name) throw parameterMissing(`${p}[price_data][product_data][name]`);
  const unitAmount = int(data.unit_amount, `${p}[price_data][unit_amount]`);
  if (unitAmount === undefined) throw parameterMissing(`${p}[price_data][unit_amount]`);
  if (unitAmount < 0) throw parameterInvalid(`${p}[price_data][unit_amount]`, "This value must be greater than or equal to 0.", "parameter_invalid_integer");
  const quantity = int(item.quantity, `${p}[quantity]`);
  if (quantity === undefined) throw parameterMissing(`${p}[quantity]`);
  if (quantity < 1) throw parameterInvalid(`${p}[quantity]`, "This value must be greater than or equal to 1.", "parameter_invalid_integer");
  return { name, unitAmount, quantity, currency };
}

/**
 * Checks the parameters of a create call as Stripe does and builds the open session. Throws
 * StripeApiError (400 with Stripe's codes) for anything Stripe would refuse.
 */
export function createSession(params: FormRecord, opts: { now: number; pageUrl: (id: string) => string; apiVersion: string }): StoredSession {
  for (const k of Object.keys(params)) if (!KNOWN_PARAMS.has(k)) throw parameterUnknown(k);
  const mode = str(params.mode, "mode");
  if (!mode) throw parameterMissing("mode");
  if (!["payment", "setup", "subscription"].includes(mode)) throw parameterInvalid("mode", `Invalid mode: must be one of payment, setup, or subscription`);
  if (mode !== "payment") throw invalidRequest(`The Stripe simulator supports mode=payment only, not ${mode}.`);
  const successUrl = url(params.success_url, "success_url");
  if (!successUrl) throw parameterMissing("success_url");
  const cancelUrl = url(params.cancel_url, "cancel_url") ?? null;

  const raw = list(params.line_items, "line_items");
  if (raw.length === 0) throw parameterMissing("line_items");
  if (raw.length > 100) throw parameterInvalid("line_items", "You may only specify up to 100 line items.");
  const items = raw.map(lineItem);
  const currency = items[0]!.currency;
  if (items.some((i) => i.currency !== currency)) throw invalidRequest("All line items must have the same currency.");

  const clientReferenceId = str(params.client_reference_id, "client_reference_id") || null;
  if (clientReferenceId && clientReferenceId.length > 200) throw parameterInvalid("client_reference_id", "client_reference_id can be at most 200 characters long.");
  const customerEmail = str(params.customer_email, "customer_email") || null;
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) throw parameterInvalid("customer_email", `Invalid email address: ${customerEmail}`, "email_invalid");

  const created = Math.floor(opts.now / 1000);
  const expiresAt = int(params.expires_at, "expires_at") ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
    throw parameterInvalid("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "parameter_invalid_integer");
  }
  const methods = list(params.payment_method_types, "payment_method_types").map((m, i) => str(m, `payment_method_types[${i}]`)!);
  if (methods.some((m) => m !== "card")) throw invalidRequest("The Stripe simulator supports the `card` payment method only.");

  const total = items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (total < minimum) throw invalidRequest(`The Checkout Session's total amount due must add up to at least ${minimum} in the smallest unit of ${currency}.`);

  const id = newId("cs_test");
  return {
    session: {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      livemode: false,
      locale: str(params.locale, "locale") ?? null,
      metadata: metadata(params.metadata),
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: opts.pageUrl(id),
    },
    lineItems: items.map(({ name, unitAmount, quantity }) => ({ name, unitAmount, quantity })),
    apiVersion: opts.apiVersion,
  };
}

/** Completes a paid session as Stripe does once the card is charged. */
export function completeSession(stored: StoredSession, email: string | null) {
  const s = stored.session;
  s.status = "complete";
  s.payment_status = "paid";
  s.payment_intent = newId("pi");
  s.customer_details = { email: email ?? s.customer_email, name: null };
  s.url = null;
}

/** Ends an open session (expiry call or its expires_at passing). */
export function expireSession(stored: StoredSession) {
  stored.session.status = "expired";
  stored.session.url = null;
}
