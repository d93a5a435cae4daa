// Development values that connect the portal to the local Yoti simulator. lib/env.ts uses them when
// the Yoti variables are unset outside production, and refuses them in production; the simulator
// registry (scripts/lib/simulators.ts) hands the same values to the simulator process.
// Nothing here may import server-only code or Node modules: the simulator process and lib/env.ts
// read it too.

/** Looks like a real SDK id (a UUID) so that format checks in the SDK and simulator are exercised. */
export const DEV_YOTI_SDK_ID = "00000000-0000-4000-8000-0000000d0e1f";

/** The token the simulator sends back in notifications; never valid in production. */
export const DEV_YOTI_WEBHOOK_TOKEN = "development-only-yoti-webhook-token-0000";

export const YOTI_SIMULATOR_DEFAULT_PORT = 4020;

/** The path every Yoti IDV API URL ends in. */
export const YOTI_IDV_PATH = "/idverify/v1";

export const simulatorApiUrl = (port: number) => `http://127.0.0.1:${port}${YOTI_IDV_PATH}`;

/** Where the development key pair lives: under DATA_DIR, beside the embedded database. */
export const devKeyDir = (dataDir: string) => `${dataDir.replace(/\/+$/, "")}/yoti-simulator`;
export const devKeyFile = (dataDir: string) => `${devKeyDir(dataDir)}/key.pem`;

/** Yoti's own API, when an SDK id is configured without a URL. */
export const YOTI_PRODUCTION_API_URL = "https://api.yoti.com/idverify/v1";
