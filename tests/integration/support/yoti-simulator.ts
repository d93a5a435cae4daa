import { generateKeyPairSync, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "@/lib/env";
import { resetYoti } from "@/lib/integrations/yoti";
import { createYotiSimulator, type YotiSimulator } from "@/lib/integrations/yoti/simulator/server";

export interface YotiSimulatorHandle {
  simulator: YotiSimulator;
  /** The simulator's origin (its `/_simulator/...` test endpoints hang off it). */
  base: string;
  /** The token the portal gives Yoti for its notifications. */
  webhookToken: string;
}

const VARIABLES = ["YOTI_CLIENT_SDK_ID", "YOTI_KEY_FILE_PATH", "YOTI_IDV_API_URL", "YOTI_WEBHOOK_TOKEN"] as const;

/**
 * The Yoti IDV simulator for one integration file, over HTTP, with a key pair made for the run: the
 * portal is pointed at it (YOTI_* variables) before the file's tests and the variables cleared after
 * them. Its own notifications are not retried: they go to APP_URL, where nothing listens in these
 * tests, which send the webhook requests themselves. Returns an accessor (the simulator exists only
 * once beforeAll ran).
 */
export function yotiSimulatorForFile(): () => YotiSimulatorHandle {
  const sdkId = randomUUID();
  const webhookToken = `identity-check-token-${randomUUID()}`;
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "yoti-simulator-"));
  const keyFile = path.join(tmp, "key.pem");
  fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
  let handle: YotiSimulatorHandle | undefined;

  beforeAll(async () => {
    const simulator = createYotiSimulator({ sdkId, publicKey: keys.publicKey, notificationRetryDelaysMs: [] });
    const { apiUrl } = await simulator.listen(0);
    handle = { simulator, base: apiUrl.replace("/idverify/v1", ""), webhookToken };
    Object.assign(process.env, { YOTI_CLIENT_SDK_ID: sdkId, YOTI_KEY_FILE_PATH: keyFile, YOTI_IDV_API_URL: apiUrl, YOTI_WEBHOOK_TOKEN: webhookToken });
    resetEnvCache();
    resetYoti();
  });

  afterAll(async () => {
    await handle?.simulator.close();
    for (const k of VARIABLES) delete process.env[k];
    resetEnvCache();
    resetYoti();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  return () => {
    if (!handle) throw new Error("the Yoti simulator starts in beforeAll");
    return handle;
  };
}
