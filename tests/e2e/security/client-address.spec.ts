import http from "node:http";
import { expect, test } from "@playwright/test";
import { human, portalPort } from "../support/fixtures";

// The client address cannot be forged (scripts/serve.ts, lib/client-address.ts): over real HTTP
// against the portal as it is served, with the default configuration (no proxy trusted). The
// requests leave from loopback addresses of their own (127.0.0.23, 127.0.0.24), so this spec
// neither uses up nor depends on the per-address limit of the other specs' 127.0.0.1.

const PER_IP_LIMIT = 20; // lib/server/sign-in/request-sign-in-link.ts sendLinkLimits.perIp

/** POSTs JSON to the portal from `localAddress`, with the given (forged) headers. */
function postFrom(localAddress: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; retryAfter?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: portalPort(), path, method: "POST", localAddress, agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"] as string | undefined }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

test("[PUBLIC] forged X-Forwarded-For and client-address headers do not escape the per-address sign-in limit", async () => {
  const forged = (i: number) => ({
    "x-forwarded-for": `198.51.100.${i}`,
    "x-portal-client-address": `192.0.2.${i}`,
    "x-real-ip": `203.0.113.${i}`,
  });
  const askFrom = (address: string, i: number) => postFrom(address, "/api/send-link", { ...human, email: `forger${i}@example.com`, reference: "ZZZZ2222" }, forged(i));

  // 25 requests from one host, each claiming another address: counted as one address.
  const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => askFrom("127.0.0.23", i)));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(PER_IP_LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(25 - PER_IP_LIMIT);
  for (const limited of answers.filter((a) => a.status === 429)) expect(Number(limited.retryAfter)).toBeGreaterThan(0);

  // Another host is counted on its own: the address is the connection's, not one shared bucket.
  expect((await askFrom("127.0.0.24", 99)).status).toBe(200);
});
