import "server-only";
import { getEnv, type Env } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { LocalDiskStorage } from "./local-disk";
import { S3Storage } from "./s3";
import type { FileStorage } from "./types";

export * from "./types";

let instance: FileStorage | undefined;

/** The storage the configuration names: an S3-compatible bucket when S3_BUCKET is set, else local disk under DATA_DIR. */
export function storageFromEnv(env: Pick<Env, "DATA_DIR" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">): FileStorage {
  if (!env.S3_BUCKET) return new LocalDiskStorage(env.DATA_DIR);
  return new S3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } } : {}),
    ...(env.S3_FORCE_PATH_STYLE !== undefined ? { forcePathStyle: env.S3_FORCE_PATH_STYLE } : {}),
  });
}

/**
 * The file storage of this process, built once from the configuration. Its reads and writes are
 * recorded as outside calls (lib/metrics/outside-call.ts): the bucket, or the disk, failing is what
 * the operator's page shows.
 */
export function getStorage(): FileStorage {
  instance ??= instrumentAdapter("storage", storageFromEnv(getEnv()), ["put", "get", "delete"]);
  return instance;
}

/** For tests that change the configuration between cases. */
export function resetStorage() {
  instance = undefined;
}
