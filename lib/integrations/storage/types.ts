/**
 * Where evidence files live (uploads, kept copies of the identity provider's media). The database
 * row holds the name, type and SHA-256; the storage holds the bytes under a server-chosen key. The
 * interface is small on purpose so that local disk (one app instance) and an S3-compatible bucket
 * (several instances or a separate worker) behave the same: tests/integration/contracts/storage.test.ts
 * runs one contract against both.
 */
export interface FileStorage {
  /** Which adapter, for logs and the admin's diagnostics. */
  readonly kind: "local" | "s3";
  /** Stores bytes under a new key. Never overwrites: a key already taken is an error. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under a key, or null when nothing is stored there. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a key; removing one that is not there is not an error (the sweep may run twice). */
  delete(key: string): Promise<void>;
}

/**
 * Storage keys are server-chosen names: letters, digits, dot, dash and underscore, no path, no
 * "..". Both adapters refuse anything else, so a key read from a tampered row cannot leave the
 * storage root or address another bucket prefix.
 */
const storageKeyShape = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isStorageKey(key: string): boolean {
  return storageKeyShape.test(key) && !key.includes("..");
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new RangeError("not a storage key");
}
