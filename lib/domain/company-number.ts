/*
 * Company numbers as the Companies House register keys them. Pure.
 *
 * Eight characters: eight digits for companies of England and Wales ("09417262"), or a two-letter
 * prefix and six digits for the others ("SC611204" Scotland, "NI654321" Northern Ireland,
 * "OC428817" an LLP, "SL…", "LP…", "FC…", ...); a few old registers use one letter and seven digits
 * ("R0000123"). People type them with spaces, in small letters or without the leading zeros.
 */

/**
 * The register's form of a company number as typed ("9417262", " sc 611204 " → "09417262",
 * "SC611204"), or null when it cannot be one.
 */
export function normaliseCompanyNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, "0");
  const prefixed = /^([A-Z]{2})(\d{1,6})$/.exec(compact);
  if (prefixed) return `${prefixed[1]}${prefixed[2]!.padStart(6, "0")}`;
  if (/^[A-Z]\d{7}$/.test(compact)) return compact;
  return null;
}
