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
import { listenFailure } from "../lib/ports";
import { log } from "../../lib/log";

const port = Number(process.env.SIMULATOR_PORT || SAGE_SIMULATOR_DEFAULT_PORT);

startSageSimulator({
  port,
  clientId: process.env.SAGE_CLIENT_ID || SAGE_DEV_CREDENTIALS.clientId,
  clientSecret: process.env.SAGE_CLIENT_SECRET || SAGE_DEV_CREDENTIALS.clientSecret,
  initialRefreshToken: process.env.SAGE_REFRESH_TOKEN || SAGE_DEV_CREDENTIALS.refreshToken,
  stateFile: process.env.SAGE_SIMULATOR_STATE_FILE || undefined,
}).then(
  (simulator) => {
    log.info(`[sage simulator] Sage API at ${simulator.apiBase}, token endpoint ${simulator.tokenUrl}, invoices at ${simulator.origin}/_simulator`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.on(signal, () => void simulator.close().finally(() => process.exit(0)));
    }
  },
  (err: Error) => {
    // A taken port names itself and the variable that moves it (SIMULATOR_PORT_VARIABLE: the one
    // `npm start` reads, scripts/lib/simulators.ts); exit 1 stops `npm start` too.
    log.error(`[sage simulator] ${listenFailure(err, { port, what: "the Sage simulator", variable: process.env.SIMULATOR_PORT_VARIABLE || "SIMULATOR_PORT" })}`);
    process.exit(1);
  },
);
