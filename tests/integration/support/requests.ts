/** Builds a Request as Next.js would hand it to a route handler. */
export function jsonRequest(path: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", "user-agent": "jest", "x-forwarded-for": "203.0.113.7", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
