// `npm run sim:companies-house`: the local Companies House public data API simulator
// (lib/integrations/companies-house/simulator). `npm start` runs it when COMPANIES_HOUSE_API_KEY and
// COMPANIES_HOUSE_API_URL are unset; the end-to-end tests run it on their own port.
//
//   SIMULATOR_PORT                                  port (default 4050; 0 = any free port, printed);
//                                                   the portal's COMPANIES_HOUSE_API_URL is http://127.0.0.1:<port>
//   COMPANIES_HOUSE_API_KEY                         the API key accepted (default: the development key)
//   COMPANIES_HOUSE_SIMULATOR_RATE_LIMIT            requests per key per window before 429 (default 600)
//   COMPANIES_HOUSE_SIMULATOR_RATE_WINDOW_SECONDS   the window (default 300, as at Companies House)
//
// GET /_simulator lists the register's companies; GET /_simulator/stats counts requests;
// POST /_simulator/fail-next {"statuses":[503]} makes the next API calls fail.
import { COMPANIES_HOUSE_DEV_API_KEY, COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/companies-house/dev-defaults";
import { startCompaniesHouseSimulator } from "../../lib/integrations/companies-house/simulator/server";
import { runSimulator } from "../lib/run-simulator";
import { log } from "../../lib/log";

const port = Number(process.env.SIMULATOR_PORT ?? COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT);
const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) {
    log.error(`[companies-house simulator] ${name} must be a positive number`);
    process.exit(1);
  }
  return value;
};

const started = startCompaniesHouseSimulator({
  port,
  apiKeys: [process.env.COMPANIES_HOUSE_API_KEY || COMPANIES_HOUSE_DEV_API_KEY],
  rateLimit: positive("COMPANIES_HOUSE_SIMULATOR_RATE_LIMIT", 600),
  rateWindowSeconds: positive("COMPANIES_HOUSE_SIMULATOR_RATE_WINDOW_SECONDS", 300),
  log: (line) => log.info(`[companies-house simulator] ${line}`),
});

runSimulator("companies-house simulator", "the Companies House simulator", port, started, (simulator) => `Companies House API at ${simulator.origin}, the register at ${simulator.origin}/_simulator`);
