import "server-only";
import { getEnv } from "@/lib/env";
import { decryptPersonalCode, encryptPersonalCode, maskPersonalCode, personalCodeKeysFrom, type PersonalCodeKeys } from "@/lib/crypto/personal-code";
import { log } from "@/lib/log";

/** The personal-code keys of this process's configuration (see personalCodeKeysFrom). */
export function personalCodeKeys(): PersonalCodeKeys {
  return personalCodeKeysFrom(getEnv());
}

/** A code ready to store on the director's row. */
export function sealPersonalCode(code: string, directorId: number): string {
  return encryptPersonalCode(code, directorId, personalCodeKeys());
}

/** The code of a director row (null when none), decrypted: for admins and the company contact of a Managed client only. */
export function readPersonalCode(director: { id: number; companiesHouseCode: string | null }): string | null {
  return director.companiesHouseCode === null ? null : decryptPersonalCode(director.companiesHouseCode, director.id, personalCodeKeys());
}

/**
 * The code for display to staff: null when none, or when it cannot be decrypted (a key missing from
 * configuration), which is logged rather than failing the whole page.
 */
export function displayPersonalCode(director: { id: number; companiesHouseCode: string | null }): string | null {
  try {
    return readPersonalCode(director);
  } catch (err) {
    log.error({ directorId: director.id }, `[personal-codes] personal code of director ${director.id} cannot be read: ${(err as Error).message}`);
    return null;
  }
}

/** The code as the director sees it again: masked. */
export function maskedPersonalCode(director: { id: number; companiesHouseCode: string | null }): string | null {
  const code = readPersonalCode(director);
  return code === null ? null : maskPersonalCode(code);
}
