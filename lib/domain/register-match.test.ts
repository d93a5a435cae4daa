import fc from "fast-check";
import {
  birthMonthOf,
  chooseRegisterEntry,
  compareBirthMonths,
  compareWithRegister,
  foldWord,
  forenamesMatch,
  fullNamesMatch,
  nameMatchesRegister,
  nameWords,
  type RegisterCandidate,
} from "./register-match";

describe("foldWord", () => {
  it.each([
    ["Zoë", "zoe"],
    ["ZOË", "zoe"],
    ["Siân", "sian"],
    ["Róisín", "roisin"],
    ["O'Brien", "obrien"],
    ["O’Brien", "obrien"],
    ["Smith-Jones", "smithjones"],
    ["St.", "st"],
    ["Søren", "soren"],
    ["Æthelred", "aethelred"],
    ["Łukasz", "lukasz"],
    ["Strauß", "strauss"],
  ])("%s → %s", (word, folded) => {
    expect(foldWord(word)).toBe(folded);
  });

  it("reads a name's words, commas and runs of spaces apart", () => {
    expect(nameWords("  WHITAKER,  James   Edward ")).toEqual(["whitaker", "james", "edward"]);
    expect(nameWords("Anne - Marie")).toEqual(["anne", "marie"]);
    expect(nameWords(null)).toEqual([]);
  });
});

describe("nameMatchesRegister (a document's full name against the register's split name)", () => {
  const whitaker = { forenames: "James Edward", surname: "Whitaker" };

  it.each([
    ["James Edward Whitaker", whitaker, true],
    ["JAMES EDWARD WHITAKER", whitaker, true],
    ["james whitaker", whitaker, true], // middle name missing on the document
    ["James E Whitaker", whitaker, true], // a middle initial
    ["James E. Whitaker", whitaker, true],
    ["James Edward Robert Whitaker", whitaker, true], // one more middle name on the document
    ["James Robert Whitaker", whitaker, false], // a different middle name
    ["Jim Whitaker", whitaker, false],
    ["James Edward Whittaker", whitaker, false],
    ["James Edward", whitaker, false],
    ["Whitaker", whitaker, false],
    ["", whitaker, false],
    ["Zoe Clarke", { forenames: "Zoë", surname: "CLARKE" }, true],
    ["Zoë Clarke", { forenames: "Zoe", surname: "Clarke" }, true],
    ["Siobhan O'Brien", { forenames: "Siobhan Mary", surname: "O'BRIEN" }, true],
    ["Siobhan OBrien", { forenames: "Siobhan Mary", surname: "O'BRIEN" }, true],
    ["Siobhan O Brien", { forenames: "Siobhan Mary", surname: "O'BRIEN" }, true],
    ["Siobhan O’Brien", { forenames: "Siobhan", surname: "O'Brien" }, true],
    ["Siobhan Murphy", { forenames: "Siobhan Mary", surname: "O'BRIEN" }, false], // a different surname
    ["Anna-Louise Smith-Jones", { forenames: "Anna-Louise", surname: "SMITH-JONES" }, true],
    ["Anna Louise Smith Jones", { forenames: "Anna-Louise", surname: "SMITH-JONES" }, true],
    ["Anna Smith-Jones", { forenames: "Anna-Louise", surname: "SMITH-JONES" }, false], // Anna is not Anna-Louise
    ["Anna-Louise Jones", { forenames: "Anna-Louise", surname: "SMITH-JONES" }, false],
    ["Pieter van der Berg", { forenames: "Pieter", surname: "VAN DER BERG" }, true],
    ["Pieter Vanderberg", { forenames: "Pieter", surname: "VAN DER BERG" }, true],
    ["Pieter Berg", { forenames: "Pieter", surname: "VAN DER BERG" }, false],
    ["Anna de Villiers", { forenames: "Anna", surname: "DE VILLIERS" }, true],
  ])("%s against %j: %s", (document, register, expected) => {
    expect(nameMatchesRegister(document, register)).toBe(expected);
  });

  it("a register entry with a surname only matches the same words only", () => {
    expect(nameMatchesRegister("Madonna", { forenames: null, surname: "MADONNA" })).toBe(true);
    expect(nameMatchesRegister("Madonna Ciccone", { forenames: "", surname: "Madonna" })).toBe(false);
  });
});

describe("forenamesMatch", () => {
  it("needs the first forename; middle names may be missing on one side but not differ", () => {
    expect(forenamesMatch(["james"], ["james", "edward"])).toBe(true);
    expect(forenamesMatch(["james", "edward"], ["james"])).toBe(true);
    expect(forenamesMatch(["james", "edward"], ["james", "robert"])).toBe(false);
    expect(forenamesMatch(["edward"], ["james", "edward"])).toBe(false);
    expect(forenamesMatch(["mary", "ann"], ["maryann"])).toBe(true);
    expect(forenamesMatch([], ["james"])).toBe(false);
  });
});

describe("fullNamesMatch (one person across records)", () => {
  it.each([
    ["Siobhan Mary O'Brien", "Siobhan O'Brien", true],
    ["SIOBHAN O’BRIEN", "siobhan obrien", true],
    ["Zoë Clarke", "Zoe Clarke", true],
    ["James Whitaker", "James Edward Whitaker", true],
    ["James Whitaker", "James Whitaker-Smith", false],
    ["John Smith", "John Smith Jones", false],
    ["Jane Smith", "John Smith", false],
    ["", "John Smith", false],
  ])("%s and %s: %s", (a, b, expected) => {
    expect(fullNamesMatch(a, b)).toBe(expected);
    expect(fullNamesMatch(b, a)).toBe(expected);
  });
});

describe("dates of birth", () => {
  it("takes the month and year of a document's date", () => {
    expect(birthMonthOf("1978-04-12")).toEqual({ month: 4, year: 1978 });
    expect(birthMonthOf("1978-13-01")).toBeNull();
    expect(birthMonthOf("12/04/1978")).toBeNull();
    expect(birthMonthOf(null)).toBeNull();
  });

  it("compares month and year; a missing side is unknown, not a mismatch", () => {
    expect(compareBirthMonths({ month: 6, year: 1971 }, { month: 6, year: 1971 })).toBe("match");
    expect(compareBirthMonths({ month: 6, year: 1971 }, { month: 7, year: 1971 })).toBe("mismatch");
    expect(compareBirthMonths({ month: 6, year: 1971 }, { month: 6, year: 1972 })).toBe("mismatch");
    expect(compareBirthMonths(null, { month: 6, year: 1971 })).toBe("unknown");
  });
});

describe("compareWithRegister", () => {
  const register = { name: { forenames: "James Edward", surname: "WHITAKER" }, dateOfBirth: { month: 6, year: 1971 } };

  it("matches on the name and the month and year of birth (the day is not compared)", () => {
    expect(compareWithRegister({ name: "James Whitaker", dateOfBirth: birthMonthOf("1971-06-30") }, register)).toEqual({ name: "match", dateOfBirth: "match", matched: true });
  });

  it("is a mismatch when the month or the year of birth differs", () => {
    expect(compareWithRegister({ name: "James Whitaker", dateOfBirth: birthMonthOf("1971-07-01") }, register)).toEqual({ name: "match", dateOfBirth: "mismatch", matched: false });
    expect(compareWithRegister({ name: "James Whitaker", dateOfBirth: birthMonthOf("1978-06-12") }, register)).toMatchObject({ dateOfBirth: "mismatch", matched: false });
  });

  it("is a mismatch when the surname differs, whatever the date", () => {
    expect(compareWithRegister({ name: "James Whitmore", dateOfBirth: { month: 6, year: 1971 } }, register)).toEqual({ name: "mismatch", dateOfBirth: "match", matched: false });
  });

  it("matches on the name alone when the document gave no date of birth", () => {
    expect(compareWithRegister({ name: "James Whitaker", dateOfBirth: null }, register)).toEqual({ name: "match", dateOfBirth: "unknown", matched: true });
  });

  it("compares with a register name that is not split as a full name", () => {
    expect(compareWithRegister({ name: "James Whitaker", dateOfBirth: null }, { name: "James Edward Whitaker", dateOfBirth: null }).matched).toBe(true);
  });
});

describe("chooseRegisterEntry", () => {
  const entry = (id: string, forenames: string, surname: string, dob: [number, number] | null, active = true): RegisterCandidate<string> => ({
    entry: id,
    person: { name: { forenames, surname }, dateOfBirth: dob ? { month: dob[0], year: dob[1] } : null },
    active,
  });

  it("prefers the entry whose date of birth matches too, then one still serving", () => {
    const candidates = [entry("father", "John", "SMITH", [1, 1950]), entry("son-resigned", "John", "SMITH", [3, 1980], false), entry("son", "John", "SMITH", [3, 1980])];
    expect(chooseRegisterEntry({ name: "John Smith", dateOfBirth: { month: 3, year: 1980 } }, candidates)).toMatchObject({ found: true, entry: "son", comparison: { matched: true } });
    expect(chooseRegisterEntry({ name: "John Smith", dateOfBirth: { month: 1, year: 1950 } }, candidates)).toMatchObject({ found: true, entry: "father" });
  });

  it("finds the entry by the name the person was put forward under when the document's differs", () => {
    const candidates = [entry("obrien", "Siobhan Mary", "O'BRIEN", [3, 1979]), entry("other", "Nathan", "FIELDING", [2, 1985])];
    const choice = chooseRegisterEntry({ name: "Siobhan Murphy", dateOfBirth: { month: 3, year: 1979 } }, candidates, "Siobhan O'Brien");
    expect(choice).toMatchObject({ found: true, entry: "obrien", comparison: { name: "mismatch", dateOfBirth: "match", matched: false } });
    expect(chooseRegisterEntry({ name: "Siobhan Murphy", dateOfBirth: null }, candidates)).toEqual({ found: false });
  });

  it("finds nothing among no entries", () => {
    expect(chooseRegisterEntry({ name: "John Smith", dateOfBirth: null }, [], "John Smith")).toEqual({ found: false });
  });
});

// ---- properties --------------------------------------------------------------------------

const ACCENTED: Record<string, string[]> = { a: ["á", "à", "â", "ä", "å"], e: ["é", "è", "ê", "ë"], i: ["í", "ï", "î"], o: ["ó", "ö", "ô"], u: ["ú", "ü", "û"], c: ["ç"], n: ["ñ"], y: ["ý", "ÿ"] };
const letters = "abcdefghijklmnopqrstuvwxyz".split("");
/** A word of 2 to 9 plain lower-case letters. */
const wordArb = fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 9 }).map((a) => a.join(""));
const personArb = fc.record({
  first: wordArb,
  middles: fc.array(wordArb, { maxLength: 2 }),
  surname: wordArb,
});
const full = (p: { first: string; middles: string[]; surname: string }) => [p.first, ...p.middles, p.surname].join(" ");

/** The same name as someone else may write it: random case, accents on letters that take them, an apostrophe or hyphen inside a word. */
function rewrite(name: string, choices: readonly number[]): string {
  let i = 0;
  const next = () => choices[i++ % choices.length] ?? 0;
  return [...name]
    .map((ch) => {
      if (ch === " ") return ch;
      const pick = next();
      const accents = ACCENTED[ch];
      let out = accents && pick % 3 === 0 ? accents[pick % accents.length]! : ch;
      if (pick % 2 === 0) out = out.toUpperCase();
      if (pick % 11 === 5) out += "'";
      if (pick % 13 === 7) out += "-";
      return out;
    })
    .join("");
}

describe("properties", () => {
  it("a name matches itself, rewritten with any case, accents, apostrophes and hyphens, both ways", () => {
    fc.assert(
      fc.property(personArb, fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }), (p, choices) => {
        const rewritten = rewrite(full(p), choices);
        expect(fullNamesMatch(full(p), rewritten)).toBe(true);
        expect(fullNamesMatch(rewritten, full(p))).toBe(true);
        expect(nameMatchesRegister(rewritten, { forenames: [p.first, ...p.middles].join(" "), surname: p.surname.toUpperCase() })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a middle name missing on either side still matches", () => {
    fc.assert(
      fc.property(personArb, (p) => {
        const without = `${p.first} ${p.surname}`;
        expect(fullNamesMatch(full(p), without)).toBe(true);
        expect(nameMatchesRegister(without, { forenames: [p.first, ...p.middles].join(" "), surname: p.surname })).toBe(true);
        expect(nameMatchesRegister(full(p), { forenames: p.first, surname: p.surname })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a different surname never matches (whatever else agrees)", () => {
    fc.assert(
      fc.property(personArb, wordArb, (p, other) => {
        fc.pre(other !== p.surname && !p.middles.length);
        const changed = { ...p, surname: other };
        expect(fullNamesMatch(full(p), full(changed))).toBe(false);
        expect(nameMatchesRegister(full(changed), { forenames: p.first, surname: p.surname })).toBe(false);
        expect(compareWithRegister({ name: full(changed), dateOfBirth: { month: 1, year: 1980 } }, { name: { forenames: p.first, surname: p.surname }, dateOfBirth: { month: 1, year: 1980 } }).matched).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("a different first name never matches", () => {
    fc.assert(
      fc.property(personArb, wordArb, (p, other) => {
        fc.pre(other !== p.first && !p.middles.length);
        expect(nameMatchesRegister(`${other} ${p.surname}`, { forenames: p.first, surname: p.surname })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("the match is symmetric for any two names", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (a, b) => {
        expect(fullNamesMatch(a, b)).toBe(fullNamesMatch(b, a));
      }),
      { numRuns: 500 },
    );
  });

  it("a month and year of birth match only when both are the same; the day never counts", () => {
    const dobArb = fc.record({ year: fc.integer({ min: 1900, max: 2010 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });
    fc.assert(
      fc.property(dobArb, dobArb, (a, b) => {
        const iso = (d: typeof a) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
        const result = compareBirthMonths(birthMonthOf(iso(a)), { month: b.month, year: b.year });
        expect(result).toBe(a.month === b.month && a.year === b.year ? "match" : "mismatch");
      }),
      { numRuns: 500 },
    );
  });
});
