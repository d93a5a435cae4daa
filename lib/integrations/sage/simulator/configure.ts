// How `npm start` and the end-to-end set-up wire the Sage simulator to the portal
// (scripts/lib/simulators.ts): the portal's real Sage adapter is pointed at it with the
// simulator's development client and first refresh token.
import path from "node:path";
import { SAGE_DEV_CREDENTIALS, SAGE_SIMULATOR_DEFAULT_PORT } from "../dev-credentials";

export { SAGE_SIMULATOR_DEFAULT_PORT };

/** The simulator runs when Sage is not configured, and never in production. */
export function sageSimulatorWanted(env: NodeJS.ProcessEnv): boolean {
  return !env.SAGE_API_BASE && !env.SAGE_CLIENT_ID && env.APP_ENV !== "production";
}

export function configureSageSimulator(env: NodeJS.ProcessEnv, port: number): void {
  env.SAGE_API_BASE = `http://127.0.0.1:${port}/v3.1`;
  env.SAGE_TOKEN_URL = `http://127.0.0.1:${port}/token`;
  env.SAGE_CLIENT_ID = SAGE_DEV_CREDENTIALS.clientId;
  env.SAGE_CLIENT_SECRET = SAGE_DEV_CREDENTIALS.clientSecret;
  env.SAGE_REFRESH_TOKEN = SAGE_DEV_CREDENTIALS.refreshToken;
  // Read by the simulator only. Its records live beside the embedded database they belong with;
  // against a PostgreSQL database (whose lifetime it cannot know) they live in memory.
  if (!env.DATABASE_URL) env.SAGE_SIMULATOR_STATE_FILE = path.join(env.DATA_DIR || ".data", "simulators", "sage.json");
}
