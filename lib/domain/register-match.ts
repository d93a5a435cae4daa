/*
 * The register check's comparison (issue 20, item 4): the name and date of birth an identity check
 * read from the person's document against the Companies House register's entry for them (an
 * officer, or a person with significant control), and one person recognised across records. Pure.
 *
 * Names compare as people would accept them as the same name:
 * - letters without their accents, in any case ("Zoë" = "ZOE", "Siân" = "Sian");
 * - apostrophes, hyphens and full stops are not letters: "O'Brien" = "OBrien" = "O’Brien", and a
 *   double-barrelled name written with a space is the same name ("Smith-Jones" = "Smith Jones",
 *   "Anne-Marie" = "Anne Marie");
 * - the surname must be the same, and so must the first forename ("Anne-Marie" is not "Anne");
 * - middle names may be missing on one side ("James Whitaker" = "James Edward Whitaker"), and a
 *   middle initial stands for a middle name that starts with it ("James E Whitaker"); but two
 *   different middle names are different names ("James Edward" ≠ "James Robert").
 *
 * The register publishes only the month and year of birth; the document gives the day too, which
 * is not compared. A side without a date of birth cannot be compared: "unknown", not a mismatch.
 */

/** A month and year of birth, as the register publishes it (month 1–12). */
export interface BirthMonth {
  month: number;
  year: number;
}

/** A name as the register splits it: forenames ("James Edward") and surname ("Whitaker"). */
export interface SplitPersonName {
  forenames: string | null;
  surname: string | null;
}

/** Letters that do not decompose into a base letter and an accent. */
const FOLDED: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i", ħ: "h", ŧ: "t" };

/**
 * One word as the comparison sees it: lower case, accents removed, apostrophes, hyphens and full
 * stops dropped ("O’Brien" → "obrien", "Anne-Marie" → "annemarie", "Zoë" → "zoe").
 */
export function foldWord(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþıħŧ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[\p{P}\p{S}]/gu, "");
}

/** The words of a name, each folded (foldWord); empty words (a lone hyphen) are dropped. */
export function nameWords(name: string | null | undefined): string[] {
  if (!name) return [];
  return name
    .normalize("NFKC")
    .split(/[\s,]+/u)
    .map(foldWord)
    .filter(Boolean);
}

const joined = (words: readonly string[]) => words.join("");

/** A middle name and its counterpart: the same, or one side an initial of the other. */
function sameMiddle(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1) return b.startsWith(a);
  if (b.length === 1) return a.startsWith(b);
  return false;
}

/** Whether `short` appears within `long` in order (each word matched by sameMiddle). */
function isSubsequence(short: readonly string[], long: readonly string[]): boolean {
  let i = 0;
  for (const word of long) if (i < short.length && sameMiddle(short[i]!, word)) i++;
  return i === short.length;
}

/** Two lists of forenames (folded words) that name the same person (see the module's comment). */
export function forenamesMatch(a: readonly string[], b: readonly string[]): boolean {
  if (!a.length || !b.length) return false;
  if (joined(a) === joined(b)) return true;
  if (a[0] !== b[0]) return false;
  const [ma, mb] = [a.slice(1), b.slice(1)];
  if (!ma.length || !mb.length) return true;
  return ma.length <= mb.length ? isSubsequence(ma, mb) : isSubsequence(mb, ma);
}

/** Every way to read a full name's words as forenames (at least one) then a surname (at least one word). */
function splits(words: readonly string[]): { forenames: string[]; surname: string }[] {
  const out: { forenames: string[]; surname: string }[] = [];
  for (let k = 1; k < words.length; k++) out.push({ forenames: words.slice(0, k), surname: joined(words.slice(k)) });
  return out;
}

/**
 * Whether a full name as a document gives it ("James Edward Whitaker") and a register entry split
 * into forenames and surname name the same person. The document's name is read with the register's
 * surname at its end, however many words either has ("Pieter van der Berg"). A register entry
 * without forenames (or a corporate name) matches only the same words.
 */
export function nameMatchesRegister(fullName: string, register: SplitPersonName): boolean {
  const words = nameWords(fullName);
  const surname = joined(nameWords(register.surname));
  const forenames = nameWords(register.forenames);
  if (!words.length || !surname) return false;
  if (!forenames.length) return joined(words) === surname;
  if (joined(words) === joined([...forenames, surname])) return true;
  return splits(words).some((s) => s.surname === surname && forenamesMatch(s.forenames, forenames));
}

/**
 * Whether two full names ("Siobhan Mary O'Brien", "Siobhan O'Brien") name the same person, when
 * neither says where the surname starts: some reading of each as forenames then surname agrees.
 * Symmetric.
 */
export function fullNamesMatch(a: string, b: string): boolean {
  const wa = nameWords(a);
  const wb = nameWords(b);
  if (!wa.length || !wb.length) return false;
  if (joined(wa) === joined(wb)) return true;
  const sb = splits(wb);
  return splits(wa).some((x) => sb.some((y) => x.surname === y.surname && forenamesMatch(x.forenames, y.forenames)));
}

/** The month and year of an ISO date ("1978-04-12" → April 1978); null when it is not one. */
export function birthMonthOf(isoDate: string | null | undefined): BirthMonth | null {
  const m = /^(\d{4})-(\d{2})-\d{2}/.exec(isoDate ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export type FieldResult = "match" | "mismatch" | "unknown";

/** Month and year of birth compared; either side missing is "unknown". */
export function compareBirthMonths(a: BirthMonth | null | undefined, b: BirthMonth | null | undefined): FieldResult {
  if (!a || !b) return "unknown";
  return a.month === b.month && a.year === b.year ? "match" : "mismatch";
}

export interface VerifiedPerson {
  /** The full name the identity check read from the document. */
  name: string;
  dateOfBirth: BirthMonth | null;
}

export interface RegisterPerson {
  /** Forenames and surname as the register splits them; a plain full name when it does not. */
  name: SplitPersonName | string;
  dateOfBirth: BirthMonth | null;
}

export interface RegisterComparison {
  name: Exclude<FieldResult, "unknown">;
  dateOfBirth: FieldResult;
  /** The name matches and the date of birth does not differ. */
  matched: boolean;
}

/** The verified person against one register entry. */
export function compareWithRegister(verified: VerifiedPerson, register: RegisterPerson): RegisterComparison {
  const nameOk = typeof register.name === "string" ? fullNamesMatch(verified.name, register.name) : nameMatchesRegister(verified.name, register.name);
  const dateOfBirth = compareBirthMonths(verified.dateOfBirth, register.dateOfBirth);
  return { name: nameOk ? "match" : "mismatch", dateOfBirth, matched: nameOk && dateOfBirth !== "mismatch" };
}

/** A register entry the check may compare with, and how it came to be chosen. */
export interface RegisterCandidate<T> {
  entry: T;
  person: RegisterPerson;
  /** Still serving (an officer not resigned, a PSC not ceased). */
  active: boolean;
}

export type CandidateChoice<T> =
  | { found: true; entry: T; comparison: RegisterComparison }
  | { found: false };

/**
 * Which register entry the check compares with, when the record names none (no officer id): the
 * entries whose name matches the verified name, those whose date of birth also matches first, then
 * those still serving; failing that, the entries whose name matches the name the person was put
 * forward under (`givenName`, e.g. their name before marriage on the request), so that a changed
 * name shows as a mismatch rather than as "not on the register". None: not on the register.
 */
export function chooseRegisterEntry<T>(verified: VerifiedPerson, candidates: readonly RegisterCandidate<T>[], givenName?: string | null): CandidateChoice<T> {
  const rank = (c: RegisterCandidate<T>, comparison: RegisterComparison) => (comparison.dateOfBirth === "match" ? 0 : comparison.dateOfBirth === "unknown" ? 1 : 2) * 2 + (c.active ? 0 : 1);
  const byVerified = candidates
    .map((c) => ({ c, comparison: compareWithRegister(verified, c.person) }))
    .filter((x) => x.comparison.name === "match")
    .sort((x, y) => rank(x.c, x.comparison) - rank(y.c, y.comparison));
  if (byVerified.length) return { found: true, entry: byVerified[0]!.c.entry, comparison: byVerified[0]!.comparison };
  if (givenName?.trim()) {
    const byGiven = candidates
      .filter((c) => compareWithRegister({ name: givenName, dateOfBirth: null }, c.person).name === "match")
      .map((c) => ({ c, comparison: compareWithRegister(verified, c.person) }))
      .sort((x, y) => rank(x.c, x.comparison) - rank(y.c, y.comparison));
    if (byGiven.length) return { found: true, entry: byGiven[0]!.c.entry, comparison: byGiven[0]!.comparison };
  }
  return { found: false };
}
