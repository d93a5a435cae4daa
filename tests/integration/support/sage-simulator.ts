import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { integrationCredentials } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { SAGE_DEV_CREDENTIALS } from "@/lib/integrations/sage/dev-credentials";
import { startSageSimulator } from "@/lib/integrations/sage/simulator/server";

export type SageSimulatorHandle = Awaited<ReturnType<typeof startSageSimulator>>;

/**
 * The Sage simulator for one integration file, over HTTP: started before the file's tests with the
 * portal pointed at it (SAGE_* variables), stopped and the variables restored after them. No job is
 * left due between tests. Returns an accessor, since the simulator exists only once beforeAll ran.
 */
export function sageSimulatorForFile(): () => SageSimulatorHandle {
  let sim: SageSimulatorHandle | undefined;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    sim = await startSageSimulator({ port: 0, clientId: SAGE_DEV_CREDENTIALS.clientId, clientSecret: SAGE_DEV_CREDENTIALS.clientSecret, initialRefreshToken: SAGE_DEV_CREDENTIALS.refreshToken });
    const env = {
      SAGE_API_BASE: sim.apiBase,
      SAGE_TOKEN_URL: sim.tokenUrl,
      SAGE_CLIENT_ID: SAGE_DEV_CREDENTIALS.clientId,
      SAGE_CLIENT_SECRET: SAGE_DEV_CREDENTIALS.clientSecret,
      SAGE_REFRESH_TOKEN: SAGE_DEV_CREDENTIALS.refreshToken,
    };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetEnvCache();
    // A token another simulator of this worker left behind would be refused by this one.
    await (await getDb()).delete(integrationCredentials).where(eq(integrationCredentials.provider, "sage"));
  });

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    await sim?.close();
  });

  afterEach(async () => {
    // Leave no due work behind for the next test or file.
    await (await getDb()).execute(sql`delete from pgboss.job where state < 'completed'`);
  });

  return () => {
    if (!sim) throw new Error("the Sage simulator is started in beforeAll");
    return sim;
  };
}
