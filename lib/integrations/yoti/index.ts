import "server-only";
import fs from "node:fs";
import { getEnv } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { YotiNotFoundError, type YotiIdv } from "./types";
import { YotiAdapter } from "./yoti-adapter";

export * from "./types";

let instance: YotiIdv | undefined;

/**
 * The Yoti IDV adapter for this process, built once from the configuration. Outside production,
 * with the Yoti variables unset, it points at the local simulator with development credentials
 * (`npm start` runs the simulator and creates the key); it is still the real adapter and SDK.
 * Its calls to Yoti are recorded as outside calls (lib/metrics/outside-call.ts); a session or media
 * item Yoti no longer has is Yoti answering, not failing.
 */
export function getYoti(): YotiIdv {
  if (instance) return instance;
  const env = getEnv();
  const { yoti } = env;
  let pem: string;
  try {
    pem = fs.readFileSync(yoti.keyFilePath, "utf8");
  } catch (err) {
    const hint = yoti.simulator ? " (the local Yoti simulator creates it: run `npm start` or `npm run sim:yoti`)" : "";
    throw new Error(`YOTI_KEY_FILE_PATH: cannot read ${yoti.keyFilePath}${hint}: ${(err as Error).message}`);
  }
  const adapter = new YotiAdapter({
    clientSdkId: yoti.clientSdkId,
    privateKeyPem: pem,
    apiUrl: yoti.apiUrl,
    notificationEndpoint: new URL("/api/webhooks/yoti", env.APP_URL).toString(),
    webhookToken: yoti.webhookToken,
  });
  instance = instrumentAdapter("yoti", adapter as YotiIdv, ["createSession", "getSession", "getMedia", "deleteSession"], { isFailure: (err) => !(err instanceof YotiNotFoundError) });
  return instance;
}

/** For tests that change the configuration between cases. */
export function resetYoti() {
  instance = undefined;
}
