/** Customer codes are compared trimmed and in capitals: people type them in any case. */
export function normaliseCustomerCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Company names match whatever their case and spacing ("Hartwell  holdings LTD" is "Hartwell
 * Holdings Ltd"); anything else ("Limited" for "Ltd") must be as the provider has it.
 */
export function sameCompanyName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-GB");
  return norm(a) === norm(b);
}
