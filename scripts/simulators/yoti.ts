// `npm run sim:yoti`: the local Yoti Identity Verification simulator (lib/integrations/yoti/simulator).
// `npm start` runs it when YOTI_CLIENT_SDK_ID is unset; the end-to-end tests run it on their own port.
//
//   SIMULATOR_PORT       port (default 4020); the API base is http://127.0.0.1:<port>/idverify/v1
//   YOTI_CLIENT_SDK_ID   the SDK id requests must carry (default: the development id)
//   YOTI_KEY_FILE_PATH   the portal's private key; the simulator verifies signatures with its public
//                        half (default: $DATA_DIR/yoti-simulator/key.pem, created on first start)
//
// Sessions are kept in $DATA_DIR/yoti-simulator/sessions-<port>.json across restarts. The hosted page is
// /idverify/v1/web/index.html?sessionID=…&sessionToken=…; tests can choose an outcome with
// POST /_simulator/sessions/<id>/outcome { "outcome": "approve" | "reject" | "manual" | "expire" }.
import path from "node:path";
import { DEV_YOTI_SDK_ID, YOTI_SIMULATOR_DEFAULT_PORT, devKeyDir, devKeyFile } from "../../lib/integrations/yoti/dev-defaults";
import { ensureDevKeyPair, publicKeyOf } from "../../lib/integrations/yoti/simulator/keys";
import { createYotiSimulator } from "../../lib/integrations/yoti/simulator/server";
import { listenFailure } from "../lib/ports";
import { log } from "../../lib/log";

const dataDir = process.env.DATA_DIR || ".data";
const port = Number(process.env.SIMULATOR_PORT || YOTI_SIMULATOR_DEFAULT_PORT);
const keyFile = process.env.YOTI_KEY_FILE_PATH || devKeyFile(dataDir);
ensureDevKeyPair(keyFile);

const simulator = createYotiSimulator({
  sdkId: process.env.YOTI_CLIENT_SDK_ID || DEV_YOTI_SDK_ID,
  publicKey: publicKeyOf(keyFile),
  // One file per port, so that `npm start` and an end-to-end run side by side keep their own sessions.
  stateFile: path.join(devKeyDir(dataDir), `sessions-${port}.json`),
  log: (line) => log.info(`[yoti-simulator] ${line}`),
});

simulator.listen(port).then(
  ({ apiUrl }) => log.info(`[yoti-simulator] Yoti IDV API at ${apiUrl}`),
  (err: Error) => {
    // A taken port names itself and the variable that moves it (SIMULATOR_PORT_VARIABLE: the one
    // `npm start` reads, scripts/lib/simulators.ts); exit 1 stops `npm start` too.
    log.error(`[yoti-simulator] ${listenFailure(err, { port, what: "the Yoti simulator", variable: process.env.SIMULATOR_PORT_VARIABLE || "SIMULATOR_PORT" })}`);
    process.exit(1);
  },
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void simulator.close().finally(() => process.exit(0)));
}
