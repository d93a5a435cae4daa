// Yoti's part of the configuration (lib/env.ts spreads these fields into its schema). The variable
// names are the ones Yoti's documentation and deployers use; the `yoti` SDK also reads
// YOTI_IDV_API_URL itself, though the adapter passes the URL explicitly.
import { z } from "zod";
import {
  DEV_YOTI_SDK_ID,
  DEV_YOTI_WEBHOOK_TOKEN,
  YOTI_PRODUCTION_API_URL,
  YOTI_SIMULATOR_DEFAULT_PORT,
  devKeyFile,
  simulatorApiUrl,
} from "./dev-defaults";
import { optionalString, productionSecretProblems, productionUrlProblems, SIMULATOR_ONLY } from "../config-checks";
import { simulatedService, type SimulatedServiceConfig } from "../simulated-service";

export const yotiSchema = {
  /** The SDK id of the portal's application in the Yoti Hub. Unset outside production: the simulator. */
  YOTI_CLIENT_SDK_ID: optionalString,
  /** The application's private key (PEM) from the Yoti Hub; requests are signed with it. */
  YOTI_KEY_FILE_PATH: optionalString,
  YOTI_IDV_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((v) => /\/idverify\/v1\/?$/.test(v), "must end in /idverify/v1")
      .optional(),
  ),
  /** Put in every session; Yoti echoes it in the notifications' Authorization header. */
  YOTI_WEBHOOK_TOKEN: optionalString.pipe(
    z.string().min(24, "must be at least 24 characters").regex(/^\S+$/, "must not contain spaces").optional(),
  ),
};

type YotiRaw = { [K in keyof typeof yotiSchema]?: string } & { DATA_DIR: string };

export interface YotiConfig extends SimulatedServiceConfig {
  clientSdkId: string;
  keyFilePath: string;
  /** Without a trailing slash; ends in /idverify/v1. */
  apiUrl: string;
  webhookToken: string;
}

export function yotiProblems(raw: YotiRaw, appEnv: "development" | "test" | "production"): string[] {
  const problems: string[] = [];
  if (appEnv === "production") {
    problems.push(...productionSecretProblems("YOTI_CLIENT_SDK_ID", raw.YOTI_CLIENT_SDK_ID, DEV_YOTI_SDK_ID, SIMULATOR_ONLY));
    if (!raw.YOTI_KEY_FILE_PATH) problems.push("YOTI_KEY_FILE_PATH: required in production");
    else if (/yoti-simulator[\\/]key\.pem$/.test(raw.YOTI_KEY_FILE_PATH)) problems.push("YOTI_KEY_FILE_PATH: the simulator's development key is not allowed in production");
    problems.push(...productionSecretProblems("YOTI_WEBHOOK_TOKEN", raw.YOTI_WEBHOOK_TOKEN, DEV_YOTI_WEBHOOK_TOKEN));
    problems.push(...productionUrlProblems("YOTI_IDV_API_URL", raw.YOTI_IDV_API_URL));
  } else if (raw.YOTI_CLIENT_SDK_ID && raw.YOTI_CLIENT_SDK_ID !== DEV_YOTI_SDK_ID) {
    // A real SDK id with a development key or token would only fail later, at Yoti.
    if (!raw.YOTI_KEY_FILE_PATH) problems.push("YOTI_KEY_FILE_PATH: required when YOTI_CLIENT_SDK_ID is set");
    if (!raw.YOTI_WEBHOOK_TOKEN) problems.push("YOTI_WEBHOOK_TOKEN: required when YOTI_CLIENT_SDK_ID is set");
  }
  return problems;
}

/** The values the adapter is built from; unset ones fall back to the simulator's development values. */
export function yotiConfig(raw: YotiRaw): YotiConfig {
  const service = simulatedService(raw.YOTI_CLIENT_SDK_ID, DEV_YOTI_SDK_ID, raw.YOTI_IDV_API_URL, {
    simulator: simulatorApiUrl(YOTI_SIMULATOR_DEFAULT_PORT),
    production: YOTI_PRODUCTION_API_URL,
  });
  return {
    clientSdkId: service.credential,
    keyFilePath: raw.YOTI_KEY_FILE_PATH ?? devKeyFile(raw.DATA_DIR),
    apiUrl: service.url.replace(/\/+$/, ""),
    webhookToken: raw.YOTI_WEBHOOK_TOKEN ?? DEV_YOTI_WEBHOOK_TOKEN,
    simulator: service.simulator,
  };
}
