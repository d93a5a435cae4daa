// What `npm start` and the end-to-end set-up do before starting the Yoti simulator: create the
// development key pair if needed and point the portal (and the simulator) at each other.
import path from "node:path";
import { DEV_YOTI_SDK_ID, DEV_YOTI_WEBHOOK_TOKEN, devKeyFile, simulatorApiUrl } from "../dev-defaults";
import { ensureDevKeyPair } from "./keys";

/** True when the configuration leaves Yoti to the simulator (never in production). */
export function yotiSimulatorWanted(env: NodeJS.ProcessEnv): boolean {
  return !env.YOTI_CLIENT_SDK_ID && env.APP_ENV !== "production";
}

export function configureYotiSimulator(env: NodeJS.ProcessEnv, port: number): void {
  const keyFile = path.resolve(devKeyFile(env.DATA_DIR || ".data"));
  ensureDevKeyPair(keyFile);
  env.YOTI_CLIENT_SDK_ID = DEV_YOTI_SDK_ID;
  env.YOTI_KEY_FILE_PATH = keyFile;
  env.YOTI_IDV_API_URL = simulatorApiUrl(port);
  env.YOTI_WEBHOOK_TOKEN = DEV_YOTI_WEBHOOK_TOKEN;
}
