import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

/*
 * Search terms drawn at random from the benchmark's data, as a member of staff might type them:
 * a director's surname, a word of a company's name (not its suffix), a 3- or 4-letter fragment of
 * either, a director's email local part. Drawn once per run from the database (200 of each, seeded
 * by `--seed`), then picked per call by a seeded generator: every shape that takes a term of a kind
 * draws it the same way, in process and over HTTP.
 */

export type TermKind = "surname" | "company word" | "fragment" | "email local part";
export const TERM_KINDS: readonly TermKind[] = ["surname", "company word", "fragment", "email local part"];

export interface TermPool {
  kinds: Record<TermKind, string[]>;
  /** A term of the kind for call `i` of a shape: the same i gives the same term in process and over HTTP. */
  pick: (kind: TermKind, i: number) => string;
}

/** mulberry32: a small seeded generator, so that a run's draws can be repeated. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words that end a company name rather than name it. */
const SUFFIXES = ["ltd", "limited", "plc", "llp", "group", "(uk)", "&", "and", "the"];

export async function drawTerms(db: Db, { seed, size = 200 }: { seed: number; size?: number }): Promise<TermPool> {
  await db.execute(sql`select setseed(${(seed % 1000) / 1000})`);
  const column = async (statement: SQL) => rowsOf<{ t: string }>(await db.execute(statement)).map((r) => r.t).filter(Boolean);
  const surnames = await column(sql`select "last_name" as "t" from "directors" where "is_deleted" = false and "last_name" <> '' order by random() limit ${size}`);
  const locals = await column(sql`select split_part("email", '@', 1) as "t" from "directors" where "is_deleted" = false order by random() limit ${size}`);
  const words = await column(sql`select "w" as "t" from (select "name" from "clients" where "is_deleted" = false order by random() limit ${size}) as "c",
    regexp_split_to_table("c"."name", '\\s+') as "w" where length("w") >= 3 and lower("w") <> all(${`{${SUFFIXES.map((w) => `"${w}"`).join(",")}}`}::text[])`);
  const random = generator(seed);
  const fragments = Array.from({ length: size }, () => {
    const from = random() < 0.5 ? surnames : words;
    const source = from[Math.floor(random() * from.length)] ?? "";
    const length = random() < 0.5 ? 3 : 4;
    const start = Math.floor(random() * Math.max(1, source.length - length + 1));
    return source.slice(start, start + length).toLowerCase();
  }).filter((f) => f.length >= 3);
  const kinds: Record<TermKind, string[]> = { surname: surnames, "company word": words, fragment: fragments, "email local part": locals };
  for (const kind of TERM_KINDS) if (!kinds[kind].length) throw new Error(`no ${kind} to draw search terms from: is the database seeded?`);
  const picks = generator(seed ^ 0x5eed);
  const order = Array.from({ length: 4096 }, () => picks());
  return { kinds, pick: (kind, i) => kinds[kind][Math.floor(order[i % order.length]! * kinds[kind].length)]! };
}
