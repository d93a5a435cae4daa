// `npm run sim:sage`: the local Sage Business Cloud Accounting v3.1 simulator
// (lib/integrations/sage/simulator). `npm start` runs it when Sage is not configured; the
// end-to-end tests run it on their own port.
//
//   SIMULATOR_PORT              port (default 4030); the portal's SAGE_API_BASE is
//                               http://127.0.0.1:<port>/v3.1 and SAGE_TOKEN_URL http://127.0.0.1:<port>/token
//   SAGE_CLIENT_ID / _SECRET    the only client accepted (default: the development client)
//   SAGE_REFRESH_TOKEN          the first refresh token (default: the development one)
//   SAGE_SIMULATOR_STATE_FILE   keep contacts and invoices in this JSON file (default: in memory)
//
// GET /_simulator lists the invoices raised (GET /_simulator/invoices as JSON);
// POST /_simulator/fail-next {"statuses":[503]} makes the next API calls fail.
import { SAGE_DEV_CREDENTIALS, SAGE_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/sage/dev-credentials";
import { startSageSimulator } from "../../lib/integrations/sage/simulator/server";
import { runSimulator } from "../lib/run-simulator";
import { credentialsFromEnv, simulatorPort } from "../lib/simulator-settings";

const port = simulatorPort(SAGE_SIMULATOR_DEFAULT_PORT);
const variables = {
  clientId: "SAGE_CLIENT_ID",
  clientSecret: "SAGE_CLIENT_SECRET",
  refreshToken: "SAGE_REFRESH_TOKEN",
};
const { clientId, clientSecret, refreshToken } = credentialsFromEnv(variables, SAGE_DEV_CREDENTIALS);

const started = startSageSimulator({
  port,
  clientId,
  clientSecret,
  initialRefreshToken: refreshToken,
  stateFile: process.env.SAGE_SIMULATOR_STATE_FILE || undefined,
});

runSimulator("sage simulator", "the Sage simulator", port, started, (simulator) => `Sage API at ${simulator.apiBase}, token endpoint ${simulator.tokenUrl}, invoices at ${simulator.origin}/_simulator`);
