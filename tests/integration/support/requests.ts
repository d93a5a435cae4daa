import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";

/** The origin the integration tests' requests come from: the portal's own (APP_URL's default). */
export const ORIGIN = "http://localhost:3000";
/** The client address of the tests' requests (as scripts/serve.ts would stamp it), as audit entries record it. */
export const TEST_IP = "203.0.113.7";

/**
 * What a JSON caller adds to a public form's body to pass the bot check: the reCAPTCHA simulator's
 * fixed token, which it accepts outside production (tests/setup/integration-captcha.ts starts one
 * for every test file). `{ captchaToken: "test-fail" }` is refused.
 */
export const human = { captchaToken: "test-pass" } as const;

type HeaderMap = Record<string, string>;

/**
 * Builds a Request as Next.js would hand it to a route handler: a GET without a body, else the body
 * (JSON-encoded unless a string) with `contentType`; the given headers win over the defaults.
 */
export function apiRequest(path: string, init: { method?: string; headers?: HeaderMap; body?: unknown; contentType?: string } = {}) {
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      "user-agent": "jest",
      [CLIENT_ADDRESS_HEADER]: TEST_IP,
      ...(body !== undefined ? { "content-type": init.contentType ?? "application/json" } : {}),
      ...init.headers,
    },
    body,
  });
}

/** A JSON request (POST unless told otherwise). */
export function jsonRequest(path: string, body: unknown, init: { method?: string; headers?: HeaderMap } = {}) {
  return apiRequest(path, { method: init.method ?? "POST", headers: init.headers, body });
}

/** The second argument of a dynamic route's handler: its URL parameters, as the strings Next.js passes. */
export function routeParams<K extends string>(params: Record<K, string | number>): { params: Promise<Record<K, string>> } {
  return { params: Promise.resolve(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) as Record<K, string>) };
}
