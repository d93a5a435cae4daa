import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type FileStorage } from "./types";

/**
 * Files on local disk under `${dataDir}/files/` (DATA_DIR, outside the web root: Next.js serves only
 * public/). For a single app instance with its worker on the same disk (or a shared volume).
 *
 * A write goes to a temporary name first and is linked into place, so a reader never sees half a
 * file and an existing key is never replaced (link fails with EEXIST).
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, "files");
  }

  /** The absolute path of a key; the key's shape already excludes separators and "..". */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    if (path.dirname(full) !== this.root) throw new RangeError("not a storage key");
    return full;
  }

  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(/*turbopackIgnore: true*/ this.root, { recursive: true, mode: 0o700 });
    const temp = path.join(this.root, `.tmp-${randomBytes(12).toString("hex")}`);
    try {
      await fs.writeFile(/*turbopackIgnore: true*/ temp, bytes, { flag: "wx", mode: 0o600 });
      await fs.link(/*turbopackIgnore: true*/ temp, target);
    } finally {
      await fs.rm(/*turbopackIgnore: true*/ temp, { force: true });
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      // The path is a server-chosen name under DATA_DIR, known only at run time: nothing to trace at build time.
      return new Uint8Array(await fs.readFile(/*turbopackIgnore: true*/ this.pathOf(key)));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(/*turbopackIgnore: true*/ this.pathOf(key), { force: true });
  }
}
