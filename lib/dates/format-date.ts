/**
 * A calendar date `YYYY-MM-DD` as people read it: "14 March 2024" (GOV.UK style: day, month in
 * words, year), in the page's language. Anything that is not such a date is returned as it is.
 * The date is a calendar day, not an instant: it is formatted in UTC so no time zone moves it.
 */
export function formatDate(iso: string | null | undefined, locale = "en-GB"): string {
  if (!iso) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return iso;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** The day, month and year typed in three boxes, as `YYYY-MM-DD` (blank when all three are blank). */
export function joinDateParts({ day, month, year }: DateParts): string {
  const d = day.trim();
  const m = month.trim();
  const y = year.trim();
  if (!d && !m && !y) return "";
  // Not a date (a box left blank, letters): the schema's date check refuses what comes out.
  return `${y}-${m && m.padStart(2, "0")}-${d && d.padStart(2, "0")}`;
}

/** A `YYYY-MM-DD` value split into the three boxes (without leading zeros, as people type them). */
export function splitDate(value: string | null | undefined): DateParts {
  const match = /^(\d*)-(\d*)-(\d*)$/.exec(value ?? "");
  if (!match) return { day: "", month: "", year: "" };
  const strip = (v: string) => v.replace(/^0+(?=\d)/, "");
  return { year: match[1]!, month: strip(match[2]!), day: strip(match[3]!) };
}

export interface DateParts {
  day: string;
  month: string;
  year: string;
}
