import fc from "fast-check";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, clientStatusValues, directors, directorStatusValues, productTierValues } from "@/db/schema";
import { PATCH as patchClientRoute } from "@/app/api/admin/director-verification/clients/[id]/route";
import { PATCH as patchDirectorRoute } from "@/app/api/admin/director-verification/directors/[id]/route";
import { evaluatePatch } from "@/lib/json-patch";
import { clientPatchSpec } from "@/lib/schemas/client-patch";
import { clientPatchFieldNames } from "@/lib/schemas/client-patch-fields";
import { directorPatchFieldNames, directorPatchSpec } from "@/lib/schemas/director-patch";
import { insertClientWithDirectors } from "../support/factories";
import { apiRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin } from "./support/test-users";

/*
 * Property: whatever a caller sends to the PATCH endpoints, the answer is never a 5xx and no column
 * outside the allow-list changes (besides the columns the server derives from allowed ones).
 * 1,000 runs per property; one client and two directors are reused for every run.
 */

const RUNS = 1000;
const HUGE = "x".repeat(70_000);
const LONG = "y".repeat(5_001);

/** Columns the server may change as a consequence of an allowed field. */
const clientDerived = new Set(["updatedAt", "updatedBy", "fullPrice", "paidAt"]);
const directorDerived = new Set(["updatedAt", "updatedBy", "status", "statusOriginal", "companiesHouseCodeReceivedAt"]);

const nastyPaths = [
  "/__proto__",
  "/constructor",
  "/prototype",
  "/__proto__/isDeleted",
  "/constructor/prototype",
  "/id",
  "/reference",
  "/isDeleted",
  "/deleteReason",
  "/paymentSessionSecret",
  "/paymentSessionId",
  "/journey",
  "/fullPrice",
  "/standardUnitPrice",
  "/createdBy",
  "/updatedAt",
  "/status/0",
  "/name/",
  "/sessionToken",
  "/statusOriginal",
  "/clientId",
  "/a~1b",
  "/~0",
  "/~2",
  "",
  "/",
  "//",
  "name",
  "#/name",
];

const nastyValues = [
  HUGE,
  LONG,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "line\nbreak",
  "   ",
  "",
  "GB",
  "gb",
  "XX",
  "2024-02-29",
  "2023-02-30",
  "0000-01-01",
  "someone@example.com",
  "admin@portal.example",
  "Sarah.Collins@Portal.example",
  "RH4K7Q2XM9T",
  "A reason that is long enough.",
  "short",
  -1,
  0,
  1,
  6500,
  1.5,
  2_147_483_648,
  1e300,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  [],
  ["Former Name"],
  [""],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  ...clientStatusValues,
  ...productTierValues,
  ...directorStatusValues,
];

function operationArb(fields: readonly string[]) {
  const path = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...fields.map((f) => `/${f}`)) },
    { weight: 3, arbitrary: fc.constantFrom(...nastyPaths) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `/${s}`) },
    { weight: 1, arbitrary: fc.anything() },
  );
  const op = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom("replace", "add", "remove", "test") },
    { weight: 1, arbitrary: fc.constantFrom("move", "copy", "_get", "REPLACE", "") },
    { weight: 1, arbitrary: fc.anything() },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyValues) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
  return fc.oneof(
    { weight: 9, arbitrary: fc.record({ op, path, value }, { requiredKeys: ["op", "path"] }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

function documentArb(fields: readonly string[]) {
  return fc.oneof(
    { weight: 9, arbitrary: fc.array(operationArb(fields), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

let clientId = 0;
let directorId = 0;

setupTestDb();

beforeAll(async () => {
  const { client, directors: people } = await insertClientWithDirectors(await getDb(), { client: { paymentSessionSecret: "secret" }, directors: 2 });
  clientId = client.id;
  directorId = people[0]!.id;
});

function changedOutside(before: Record<string, unknown>, after: Record<string, unknown>, allowed: readonly string[], derived: ReadonlySet<string>): string[] {
  return Object.keys(before).filter((k) => !allowed.includes(k) && !derived.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

function send(handler: typeof patchClientRoute, url: string, id: number, doc: unknown): Promise<Response> {
  let body: string;
  try {
    body = JSON.stringify(doc) ?? "null";
  } catch {
    body = "[";
  }
  return handler(apiRequest(url, { method: "PATCH", headers: asAdmin(), body, contentType: "application/json-patch+json" }), routeParams({ id }));
}

describe("the patch engine (1,000 runs per entity)", () => {
  it.each([
    ["client", clientPatchSpec, clientPatchFieldNames],
    ["director", directorPatchSpec, directorPatchFieldNames],
  ] as const)("never throws and only ever changes allow-listed %s fields", (_name, spec, fields) => {
    const current = Object.fromEntries(fields.map((f) => [f, null]));
    fc.assert(
      fc.property(documentArb(fields), (doc) => {
        const result = evaluatePatch(doc, spec, { ...current, secret: "keep" });
        if (!result.ok) return true;
        const ops = doc as { op: string; path: string }[];
        // Accepted only if every operation named an allowed field with a known op.
        for (const o of ops) {
          expect(["add", "remove", "replace", "test"]).toContain(o.op);
          expect(fields.map((f) => `/${f}`)).toContain(o.path);
        }
        for (const key of [...Object.keys(result.values), ...Object.keys(result.changes)]) expect(fields as readonly string[]).toContain(key);
        expect(Object.prototype).not.toHaveProperty("polluted");
        return true;
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the PATCH endpoints (1,000 runs each)", () => {
  it("client: never a 5xx, and never a change outside the allow-list", async () => {
    const db = await getDb();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(documentArb(clientPatchFieldNames), async (doc) => {
        const [before] = await db.select().from(clients).where(eq(clients.id, clientId));
        const res = await send(patchClientRoute, `/api/admin/director-verification/clients/${clientId}`, clientId, doc);
        const [after] = await db.select().from(clients).where(eq(clients.id, clientId));
        expect(res.status).toBeLessThan(500);
        expect(changedOutside(before!, after!, clientPatchFieldNames, clientDerived)).toEqual([]);
        if (res.status >= 400) expect(after).toEqual(before);
        else accepted++;
      }),
      { numRuns: RUNS },
    );
    // The generators reach the accepting paths too, not only the refusals.
    expect(accepted).toBeGreaterThan(50);
    expect(Object.prototype).not.toHaveProperty("polluted");
  }, 360_000);

  it("director: never a 5xx, and never a change outside the allow-list", async () => {
    const db = await getDb();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(documentArb(directorPatchFieldNames), async (doc) => {
        const [before] = await db.select().from(directors).where(eq(directors.id, directorId));
        const res = await send(patchDirectorRoute, `/api/admin/director-verification/directors/${directorId}`, directorId, doc);
        const [after] = await db.select().from(directors).where(eq(directors.id, directorId));
        expect(res.status).toBeLessThan(500);
        expect(changedOutside(before!, after!, directorPatchFieldNames, directorDerived)).toEqual([]);
        if (res.status >= 400) expect(after).toEqual(before);
        else accepted++;
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(50);
  }, 360_000);
});
