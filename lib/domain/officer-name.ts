/*
 * People's names as the Companies House register writes them, in the form people read them. Pure.
 *
 * The register lists an officer as "SURNAME, Forenames" ("WHITAKER, James Edward", "O'BRIEN,
 * Siobhan", "SMITH-JONES, Anna-Louise"), the surname in capitals; a corporate officer is a plain
 * name ("ALBEMARLE SECRETARIES LIMITED"). A person with significant control has `name_elements`
 * ({ title, forename, middle_name, surname }) besides a `name` such as "Mr James Edward Whitaker".
 */

/** Surname particles written in lower case when another word follows them ("van der Berg"). */
const PARTICLES = new Set(["de", "del", "della", "der", "den", "di", "da", "du", "la", "le", "van", "von", "ter", "ten", "bin", "al"]);

const hasLower = (s: string) => s !== s.toUpperCase();
const hasUpper = (s: string) => s !== s.toLowerCase();

/** One word's casing: "O'BRIEN" → "O'Brien", "SMITH-JONES" → "Smith-Jones", "MCDONALD" → "McDonald". */
function capitaliseWord(word: string): string {
  // Split on hyphens and apostrophes (straight or curly), keeping them; capitalise each piece.
  const pieces = word.toLowerCase().split(/([-'’])/);
  return pieces
    .map((piece) => {
      if (!piece || /^[-'’]$/.test(piece)) return piece;
      let cased = piece.charAt(0).toUpperCase() + piece.slice(1);
      // "Mc" names: McDonald, McAllister ("Mc" alone or "Mcx" is left alone).
      if (/^Mc\p{L}{2,}/u.test(cased)) cased = `Mc${cased.charAt(2).toUpperCase()}${cased.slice(3)}`;
      return cased;
    })
    .join("");
}

/**
 * A name part in people's casing when the register wrote it in one case only (all capitals or all
 * small letters); a part already in mixed case ("DeShawn", "McKenzie") is kept as written.
 */
export function nameCase(part: string, options: { particles?: boolean } = {}): string {
  const trimmed = part.trim().replace(/\s+/g, " ");
  if (hasLower(trimmed) && hasUpper(trimmed)) return trimmed;
  const words = trimmed.split(" ").filter(Boolean);
  return words
    .map((w, i) => (options.particles && i < words.length - 1 && PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : capitaliseWord(w)))
    .join(" ");
}

export interface SplitName {
  /** "James Edward"; empty when the register gives a surname only. */
  forenames: string;
  /** "Whitaker". */
  surname: string;
}

/**
 * An individual officer's register name ("SURNAME, Forenames") split and cased: "WHITAKER, James
 * Edward" → { forenames: "James Edward", surname: "Whitaker" }. A name without a comma is taken
 * as forenames followed by a surname ("JAMES WHITAKER" → James / Whitaker).
 */
export function splitOfficerName(registerName: string): SplitName {
  const name = registerName.trim().replace(/\s+/g, " ");
  const comma = name.indexOf(",");
  if (comma >= 0) {
    const surname = nameCase(name.slice(0, comma), { particles: true });
    // Anything after a second comma (a title or honours written last, e.g. ", Sir") stays in order.
    const forenames = name
      .slice(comma + 1)
      .split(",")
      .map((p) => nameCase(p))
      .filter(Boolean)
      .join(" ");
    return { forenames, surname };
  }
  const words = name.split(" ").filter(Boolean);
  if (words.length <= 1) return { forenames: "", surname: nameCase(name) };
  return { forenames: nameCase(words.slice(0, -1).join(" ")), surname: nameCase(words.at(-1)!) };
}

/** "WHITAKER, James Edward" → "James Edward Whitaker"; "O'BRIEN, SIOBHAN" → "Siobhan O'Brien". */
export function formatOfficerName(registerName: string): string {
  const { forenames, surname } = splitOfficerName(registerName);
  return [forenames, surname].filter(Boolean).join(" ");
}

export interface NameElements {
  title?: string | null;
  forename?: string | null;
  middleName?: string | null;
  surname?: string | null;
}

/** A person with significant control's name elements as one name, without the title: "James Edward Whitaker". */
export function formatNameElements(elements: NameElements): string {
  const forenames = [elements.forename, elements.middleName].filter((p): p is string => Boolean(p?.trim())).map((p) => nameCase(p));
  const surname = elements.surname?.trim() ? nameCase(elements.surname, { particles: true }) : "";
  return [...forenames, surname].filter(Boolean).join(" ");
}
