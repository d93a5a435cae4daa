// POST /api/requests/identity-verification with 1,000 random bodies (fast-check): never a 5xx. Every
// accepted body stores a client (and a card request opens a Checkout Session on the simulator), and
// the run still takes about 10 s. lib/schemas/onboarding-request.property.test.ts runs the schema
// alone on 2,000 more, with fc.anything() too.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { POST } from "@/app/api/requests/identity-verification/route";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { trackCreatedClient } from "../support/factories";
import { onboardingRequestBody } from "../support/onboarding-request-arbitrary";
import { withStripeSimulator } from "./payments/support";
import { human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { captureLogs } from "@/lib/log/capture";

setupTestDb({ seed: false });
withStripeSimulator();

const RUNS = 1000;

it(`never answers 5xx to ${RUNS} random bodies with a passing bot check`, async () => {
  // A 500's error line would be the failure's explanation; kept out of the output otherwise.
  const logs = captureLogs();
  const statuses = new Map<number, number>();
  let caller = 0;
  try {
    await fc.assert(
      fc.asyncProperty(onboardingRequestBody(), async (body) => {
        caller += 1;
        // Each body from an address of its own, so the per-address limits do not end the run in 429s.
        const ip = `198.19.${Math.floor(caller / 250)}.${(caller % 250) + 1}`;
        const withToken = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body, ...human } : body;
        const res = await POST(jsonRequest("/api/requests/identity-verification", withToken, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const json = (await res.json()) as { reference?: string };
        if (res.status === 200 && json.reference) {
          const [c] = await (await getDb()).select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference));
          if (c) trackCreatedClient(c.id);
        }
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  } finally {
    logs.restore();
  }
  // Both sides were exercised.
  expect(statuses.get(400)).toBeGreaterThan(20);
  expect(statuses.get(200)).toBeGreaterThan(20);
  // A thousand requests through the real route: room for a busy 2-core machine.
}, 300_000);
