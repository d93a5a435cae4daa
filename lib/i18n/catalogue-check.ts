import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/*
 * Comparing two message catalogues (messages/<locale>.json): the keys each has that the other
 * lacks, and the messages whose placeholders differ. Used by lib/i18n/catalogue.test.ts and by
 * `npm run i18n:missing` (scripts/i18n-missing.ts).
 */

export type Catalogue = { [key: string]: string | Catalogue };

/** Every message of a catalogue by its dotted key ("email.signIn.subject"), in file order. */
export function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const kindOf: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "plural",
};

function collect(elements: MessageFormatElement[], into: Set<string>) {
  for (const el of elements) {
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      collect(el.children, into);
    } else if (el.type === TYPE.select) {
      // A select's choices are values the code passes (not words): the same in every language.
      into.add(`{${el.value}, select, ${Object.keys(el.options).sort().join(" ")}}`);
      for (const option of Object.values(el.options)) collect(option.value, into);
    } else if (el.type === TYPE.plural) {
      // A plural's categories are the language's own (Welsh has zero, one, two, few, many, other).
      into.add(`{${el.value}, ${el.pluralType === "ordinal" ? "selectordinal" : "plural"}}`);
      for (const option of Object.values(el.options)) collect(option.value, into);
    } else if (el.type !== TYPE.literal && el.type !== TYPE.pound) {
      const kind = kindOf[el.type];
      into.add(kind ? `{${el.value}, ${kind}}` : `{${el.value}}`);
    }
  }
}

/**
 * The placeholders of a message, sorted: `{name}`, `{count, plural}`, `{kind, select, a b other}`,
 * `<link>` (a rich-text tag). Throws on a message ICU cannot parse.
 */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  collect(parse(message, { requiresOtherClause: true }), found);
  return [...found].sort();
}

export interface CatalogueDifferences {
  /** Keys of the reference catalogue (English) that the other lacks. */
  missing: string[];
  /** Keys of the other catalogue that the reference lacks (renamed or removed in English). */
  extra: string[];
  /** Keys present in both whose placeholders differ. */
  placeholders: { key: string; reference: string[]; other: string[] }[];
  /** Keys whose message does not parse as ICU, in either catalogue. */
  unparsable: { key: string; catalogue: "reference" | "other"; error: string }[];
}

function tryPlaceholders(message: string): string[] | Error {
  try {
    return placeholdersOf(message);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** How `other` differs from `reference` (keys, placeholders, parse errors). */
export function compareCatalogues(reference: Catalogue, other: Catalogue): CatalogueDifferences {
  const ref = flatten(reference);
  const oth = flatten(other);
  const out: CatalogueDifferences = { missing: [], extra: [], placeholders: [], unparsable: [] };
  for (const key of ref.keys()) if (!oth.has(key)) out.missing.push(key);
  for (const key of oth.keys()) if (!ref.has(key)) out.extra.push(key);
  for (const [key, text] of ref) {
    const a = tryPlaceholders(text);
    if (a instanceof Error) out.unparsable.push({ key, catalogue: "reference", error: a.message });
    const theirs = oth.get(key);
    if (theirs === undefined) continue;
    const b = tryPlaceholders(theirs);
    if (b instanceof Error) out.unparsable.push({ key, catalogue: "other", error: b.message });
    if (a instanceof Error || b instanceof Error) continue;
    if (a.join("\n") !== b.join("\n")) out.placeholders.push({ key, reference: a, other: b });
  }
  return out;
}

/** The keys of `reference` that `other` lacks, as a catalogue of their reference texts (to translate). */
export function missingAsCatalogue(reference: Catalogue, other: Catalogue): Catalogue {
  const out: Catalogue = {};
  const ref = flatten(reference);
  for (const key of compareCatalogues(reference, other).missing) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Catalogue;
    node[parts.at(-1)!] = ref.get(key)!;
  }
  return out;
}
