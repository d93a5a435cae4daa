/*
 * What never reaches a log line. Pure, so the logger (lib/log/index.ts) and its tests share it.
 *
 * Two nets, because a secret can arrive under a telling name or inside free text:
 * - by key: the value of any property whose name (at any depth, case and `-`/`_` ignored) names a
 *   secret or personal datum is replaced by REDACTED: cookies, authorization headers, tokens (sign-in,
 *   capture, CSRF, Yoti session tokens, OAuth), passwords, secrets, API keys, webhook signatures
 *   (stripe-signature, Yoti's), personal codes, email addresses, a failed query's parameters;
 * - by pattern, in the message, every string field and error messages and stacks: email addresses,
 *   `Bearer …`/`Basic …` credentials, JSON Web Tokens and a failed query's parameters are masked;
 *   then once more over the finished line, for anything that reached it another way.
 */

export const REDACTED = "[redacted]";
export const EMAIL_MASK = "[email]";

/**
 * Key fragments (lower case, without `-` and `_`) whose values are secret or personal. A key is
 * redacted when its squashed form contains one of them: `x-api-key`, `apiKey` and `STRIPE_API_KEY`
 * all contain "apikey"; `sessionToken`, `client_session_token` and `captchaToken` contain "token".
 */
export const REDACTED_KEY_FRAGMENTS = [
  "cookie", // cookie, set-cookie, cookies
  "authorization", // authorization, proxy-authorization
  "token", // tokens of every kind: sign-in, capture, CSRF, OAuth, Yoti session tokens
  "password",
  "passwd",
  "secret", // client secrets, webhook secrets, AUTH_SECRET
  "apikey", // api-key header, API keys of Stripe, reCAPTCHA, the admin API
  "privatekey",
  "signature", // stripe-signature, x-yoti-signature and any other webhook signature
  "personalcode", // Companies House personal codes
  "companieshousecode",
  "email", // email addresses, whatever else is in them
  "params", // the values a failed query carried (drizzle's DrizzleQueryError.params)
] as const;

const squash = (key: string) => key.toLowerCase().replace(/[-_\s]/g, "");

/** The answer for each key seen (a process logs the same few dozen keys over and over). */
const keyVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_KEYS = 2_000;

export function isRedactedKey(key: string): boolean {
  let verdict = keyVerdicts.get(key);
  if (verdict === undefined) {
    const k = squash(key);
    verdict = REDACTED_KEY_FRAGMENTS.some((f) => k.includes(f));
    if (keyVerdicts.size < MAX_REMEMBERED_KEYS) keyVerdicts.set(key, verdict);
  }
  return verdict;
}

/** An email address anywhere in a text (RFC 5322's common form: what a person types). */
export const EMAIL_PATTERN = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+/g;
const CREDENTIAL_PATTERN = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT_PATTERN = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/** The values a failed query carried, as drizzle puts them in its error's message ("…\nparams: a,b,c"). */
const QUERY_PARAMS_PATTERN = /(\bparams: )[^\n]*/g;

/*
 * Each pattern runs only where its telling part is in the text (an "@", "Bearer"/"Basic", "eyJ",
 * "params: "): a text without it cannot match, and most log lines have none of them, so the request
 * line, written for every request, costs a few substring searches rather than four scans.
 */
const MAY_HOLD_CREDENTIAL = /bearer|basic/i;

/**
 * A text (a message or a string field, before it is encoded) with email addresses, bearer/basic
 * credentials, JSON Web Tokens and a failed query's parameters (names, addresses, anything a
 * statement carried) masked.
 */
export function maskText(text: string): string {
  let out = text;
  if (out.includes("@")) out = out.replace(EMAIL_PATTERN, EMAIL_MASK);
  if (MAY_HOLD_CREDENTIAL.test(out)) out = out.replace(CREDENTIAL_PATTERN, `$1 ${REDACTED}`);
  if (out.includes("eyJ")) out = out.replace(JWT_PATTERN, REDACTED);
  if (out.includes("params: ")) out = out.replace(QUERY_PARAMS_PATTERN, `$1${REDACTED}`);
  return out;
}


/**
 * An email just after a JSON escape (`\n`, `\u001b`) must not take the escape's letter or digits
 * with it, or the line would no longer be JSON: no match starts inside an escape.
 */
export const EMAIL_IN_JSON_PATTERN = new RegExp(String.raw`(?<!\\|\\u[0-9a-fA-F]{0,3})` + EMAIL_PATTERN.source, "g");

/**
 * The last net, over a finished JSON line: email addresses, credentials and JSON Web Tokens that
 * reached it some other way. Its patterns never match a quote or a backslash, so the line stays JSON.
 */
export function maskLine(line: string): string {
  let out = line;
  if (out.includes("@")) out = out.replace(EMAIL_IN_JSON_PATTERN, EMAIL_MASK);
  if (MAY_HOLD_CREDENTIAL.test(out)) out = out.replace(CREDENTIAL_PATTERN, `$1 ${REDACTED}`);
  if (out.includes("eyJ")) out = out.replace(JWT_PATTERN, REDACTED);
  return out;
}

/** An Error as plain data (type, message, code, stack, cause), as pino's own serializer shapes it. */
function errorData(err: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { type: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) if (!(key in out)) out[key] = value;
  if (err.stack) out.stack = err.stack;
  if (err.cause !== undefined) out.cause = err.cause;
  return redactDeep(out, seen, depth) as Record<string, unknown>;
}

const MAX_DEPTH = 8;

function redactDeep(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === "string") return maskText(value);
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[deep]";
  seen.add(value);
  try {
    if (value instanceof Error) return errorData(value, seen, depth + 1);
    if (value instanceof Date) return value.toISOString();
    if (typeof (value as { entries?: unknown }).entries === "function" && (value instanceof Map || (typeof Headers !== "undefined" && value instanceof Headers))) {
      return redactDeep(Object.fromEntries((value as Map<string, unknown>).entries()), seen, depth);
    }
    if (Array.isArray(value)) return value.map((v) => redactDeep(v, seen, depth + 1));
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = isRedactedKey(key) && v !== undefined && v !== null ? REDACTED : redactDeep(v, seen, depth + 1);
    return out;
  } finally {
    seen.delete(value);
  }
}

/** A log record's fields with secrets and personal data removed (a new object; the input is untouched). */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactDeep(fields, new WeakSet(), 0) as Record<string, unknown>;
}
