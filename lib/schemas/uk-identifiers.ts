/*
 * The two identifiers of a UK business the request form asks for, in the formats their registers
 * use. Plain functions (no zod), shared by the browser and the server schemas.
 *
 * - Company number (Companies House): 8 characters, either 8 digits (England and Wales, leading
 *   zeros kept: 01234567) or 2 letters and 6 digits (SC Scotland, NI Northern Ireland, OC / SO / NC
 *   LLPs, R0 old Northern Ireland companies, FC, LP, IP …). Spaces are ignored, letters upper-cased.
 * - VAT registration number (HMRC): GB and 9 digits (GB123456789) or 12 digits (a branch), GBGD and
 *   3 digits (government departments), GBHA and 3 digits (health authorities), or XI instead of GB
 *   for Northern Ireland. Spaces are ignored; stored without spaces, upper case.
 */

const COMPANY_NUMBER = /^(?:[0-9]{8}|[A-Z]{2}[0-9]{6}|R0[0-9]{6})$/;
const VAT_NUMBER = /^(?:GB|XI)(?:[0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/;

/** What is typed, without spaces (any kind) and in upper case: the form the registers use. */
export function compactIdentifier(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Whether `value` (already compact) is a company number in Companies House's format. */
export function isCompanyNumber(value: string): boolean {
  return COMPANY_NUMBER.test(value);
}

/** Whether `value` (already compact) is a VAT registration number in HMRC's format. */
export function isVatNumber(value: string): boolean {
  return VAT_NUMBER.test(value);
}
