import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import { assertStorageKey, type FileStorage } from "./types";

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, s3rver, another provider); unset = AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path rather than the host name; most S3-compatible servers need it. */
  forcePathStyle?: boolean;
}

/**
 * Files in an S3-compatible bucket, for deployments with more than one app instance or a worker on
 * another machine: every process sees the same bytes. Objects are written with `If-None-Match: *`
 * where the server supports it, so a key is never replaced; keys are random, so a clash is already
 * practically impossible on servers that ignore the condition.
 */
type Sdk = typeof import("@aws-sdk/client-s3");

/**
 * The SDK is loaded on first use, not at import: deployments on local disk never load it, and the
 * modules that import the storage (routes, the jobs' registry) stay synchronous for the bundler.
 */
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () => (sdkLoading ??= import("@aws-sdk/client-s3"));

export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  private client: S3Client | undefined;

  constructor(private readonly config: S3StorageConfig) {}

  private async sdk(): Promise<{ sdk: Sdk; client: S3Client }> {
    const sdk = await loadSdk();
    this.client ??= new sdk.S3Client({
      region: this.config.region,
      ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
      ...(this.config.credentials ? { credentials: this.config.credentials } : {}),
      forcePathStyle: this.config.forcePathStyle ?? Boolean(this.config.endpoint),
    });
    return { sdk, client: this.client };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength, IfNoneMatch: "*" }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertStorageKey(key);
    const { sdk, client } = await this.sdk();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!out.Body) return null;
      return await out.Body.transformToByteArray();
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err instanceof sdk.S3ServiceException && (err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404))) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.sdk();
    // S3 answers 204 whether or not the object existed.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Closes the SDK's connection pool (tests and short-lived scripts). */
  destroy() {
    this.client?.destroy();
    this.client = undefined;
  }
}
