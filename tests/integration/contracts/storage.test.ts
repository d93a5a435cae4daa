// Contract test of the file storage behind evidence uploads: the same cases against local disk
// (DATA_DIR) and the S3 adapter talking to s3rver, a local server of the S3 protocol, in-process on
// a free port. Whatever a deployment chooses, uploads, downloads, kept media and the retention
// sweep see the same behaviour.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { getStorage, resetStorage, type FileStorage } from "@/lib/integrations/storage";
import { LocalDiskStorage } from "@/lib/integrations/storage/local-disk";
import { S3Storage } from "@/lib/integrations/storage/s3";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
const bucket = "evidence-contract";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
let server: S3rver;
let endpoint: string;
let s3: S3Storage;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3rver") });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  const admin = new S3Client({ region: "eu-west-2", endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  s3 = new S3Storage({ bucket, region: "eu-west-2", endpoint, credentials });
});

afterAll(async () => {
  s3?.destroy();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ["local disk", () => new LocalDiskStorage(path.join(tmp, "data"))],
  ["S3 (s3rver)", () => s3],
];

describe.each(adapters)("file storage contract: %s", (_name, make) => {
  const key = () => `${randomUUID()}.pdf`;
  const bytes = new Uint8Array(Buffer.from("%PDF-1.7 contract bytes \u0000\u00ff"));

  it("stores, reads back exactly, and deletes", async () => {
    const storage = make();
    const k = key();
    await storage.put(k, bytes, "application/pdf");
    expect(Buffer.from((await storage.get(k))!)).toEqual(Buffer.from(bytes));
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
  });

  it("answers null for a key never stored, and deleting it is not an error", async () => {
    const storage = make();
    const k = key();
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it("keeps a large file whole", async () => {
    const storage = make();
    const k = key();
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    await storage.put(k, big, "application/pdf");
    expect(Buffer.from((await storage.get(k))!).equals(Buffer.from(big))).toBe(true);
    await storage.delete(k);
  });

  it("refuses keys that are paths or not server-chosen names, touching nothing", async () => {
    const storage = make();
    for (const bad of ["../escape.pdf", "a/b.pdf", "..", ".hidden", "", "x".repeat(201), "name with space.pdf", "a\\b.pdf"]) {
      await expect(storage.put(bad, bytes, "application/pdf")).rejects.toThrow(RangeError);
      await expect(storage.get(bad)).rejects.toThrow(RangeError);
      await expect(storage.delete(bad)).rejects.toThrow(RangeError);
    }
    expect(fs.existsSync(path.join(tmp, "escape.pdf"))).toBe(false);
  });
});

describe("local disk", () => {
  it("writes under DATA_DIR/files only, never replaces a key, and leaves no temporary file", async () => {
    const dir = path.join(tmp, "local-only");
    const storage = new LocalDiskStorage(dir);
    const k = `${randomUUID()}.png`;
    await storage.put(k, new Uint8Array([1, 2, 3]), "image/png");
    await expect(storage.put(k, new Uint8Array([9]), "image/png")).rejects.toMatchObject({ code: "EEXIST" });
    expect(fs.readdirSync(path.join(dir, "files"))).toEqual([k]);
    expect([...fs.readFileSync(path.join(dir, "files", k))]).toEqual([1, 2, 3]);
  });
});

describe("configuration", () => {
  const names = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "DATA_DIR"] as const;
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
    resetEnvCache();
    resetStorage();
  });

  it("uses local disk by default and the bucket when S3_BUCKET is set, storing where the other adapter can read", async () => {
    process.env.DATA_DIR = path.join(tmp, "configured");
    delete process.env.S3_BUCKET;
    resetEnvCache();
    resetStorage();
    expect(getStorage().kind).toBe("local");

    Object.assign(process.env, { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "eu-west-2", S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey });
    resetEnvCache();
    resetStorage();
    const storage = getStorage();
    expect(storage.kind).toBe("s3");
    const k = `${randomUUID()}.jpg`;
    await storage.put(k, new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    // Another process (a plain S3 client here) sees the object with its content type.
    const client = new S3Client({ region: "eu-west-2", endpoint, forcePathStyle: true, credentials });
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: k }));
    expect(got.ContentType).toBe("image/jpeg");
    expect([...(await got.Body!.transformToByteArray())]).toEqual([0xff, 0xd8, 0xff]);
    client.destroy();
    (storage as S3Storage).destroy();
  });

  it("wants both S3 credentials or neither (neither: the SDK's default chain)", () => {
    expect(() => parseEnv({ S3_BUCKET: bucket, S3_ACCESS_KEY_ID: "only-one" })).toThrow(/S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/);
    expect(parseEnv({ S3_BUCKET: bucket }).S3_REGION).toBe("eu-west-2");
    expect(parseEnv({}).UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(parseEnv({}).EVIDENCE_RETENTION_YEARS).toBe(7);
  });
});
