import { sql } from "drizzle-orm";
import fc from "fast-check";
import { getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { verifyBy, type VerifyByFacts } from "@/lib/domain/verify-by";

/*
 * The verify-by rule is written twice: lib/domain/verify-by.ts for what people are shown, and
 * person_verify_by in SQL (migration 0040) for the set-based reminders and the admin search. Both
 * must give every person the same date: random facts, each checked by both.
 */

/** Days around the start of identity verification (18 November 2025), where the rule turns. */
const day = fc.integer({ min: -400, max: 800 }).map((n) => new Date(Date.UTC(2025, 10, 18) + n * 86_400_000).toISOString().slice(0, 10));
const facts: fc.Arbitrary<VerifyByFacts> = fc.record({
  requested: fc.option(day, { nil: null }),
  confirmationStatementDue: fc.option(day, { nil: null }),
  appointedOn: fc.option(day, { nil: null }),
  role: fc.constantFrom(null, "director", "llp-member", "llp-designated-member", "psc", "secretary"),
  birthMonth: fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
});

async function inSql(cases: VerifyByFacts[]): Promise<(string | null)[]> {
  const db = await getDb();
  const column = <T>(pick: (f: VerifyByFacts) => T) => JSON.stringify(cases.map(pick));
  const rows = rowsOf<{ i: number; d: string | null }>(
    await db.execute(sql`select x.i::int as i, person_verify_by(x.requested, x.cs, x.role, x.appointed, x.birth)::text as d
      from jsonb_to_recordset((select jsonb_agg(jsonb_build_object('i', o - 1, 'requested', r, 'cs', c, 'appointed', a, 'role', ro, 'birth', b))
        from unnest(
          array(select jsonb_array_elements_text(${column((f) => f.requested)}::jsonb)),
          array(select jsonb_array_elements_text(${column((f) => f.confirmationStatementDue)}::jsonb)),
          array(select jsonb_array_elements_text(${column((f) => f.appointedOn)}::jsonb)),
          array(select jsonb_array_elements_text(${column((f) => f.role)}::jsonb)),
          array(select jsonb_array_elements_text(${column((f) => f.birthMonth)}::jsonb))
        ) with ordinality as u(r, c, a, ro, b, o)))
        as x(i int, requested date, cs date, appointed date, role text, birth int)
      order by 1`),
  );
  return rows.map((r) => r.d);
}

describe("person_verify_by (SQL) and verifyBy (TypeScript)", () => {
  it("give the same date for the same facts", async () => {
    const cases = fc.sample(facts, { numRuns: 3000, seed: 20 });
    // The turning points themselves, beside the random ones.
    cases.push(
      { role: "director", appointedOn: "2025-11-17", confirmationStatementDue: "2026-03-01" },
      { role: "director", appointedOn: "2025-11-18", confirmationStatementDue: "2026-03-01" },
      { role: "psc", appointedOn: "2025-11-17", birthMonth: 11 },
      { role: "psc", appointedOn: "2025-11-18", birthMonth: 12 },
      { role: "psc", birthMonth: 12, requested: "2025-12-01" },
      {},
    );
    const got = await inSql(cases);
    const mismatches = cases.map((f, i) => ({ f, sql: got[i] ?? null, ts: verifyBy(f)?.date ?? null })).filter((m) => m.sql !== m.ts);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(got).toHaveLength(cases.length);
    // Not all empty: the comparison means something.
    expect(got.filter((d) => d !== null).length).toBeGreaterThan(cases.length / 2);
  });
});
