// How `npm start` and the end-to-end set-up wire the Companies House simulator to the portal
// (scripts/lib/simulators.ts): the portal's real adapter is pointed at it with the development key.
import { COMPANIES_HOUSE_DEV_API_KEY, COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT, companiesHouseSimulatorUrl } from "../dev-defaults";

export { COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT };

/** The simulator runs when Companies House is not configured, and never in production. */
export function companiesHouseSimulatorWanted(env: NodeJS.ProcessEnv): boolean {
  return !env.COMPANIES_HOUSE_API_KEY && !env.COMPANIES_HOUSE_API_URL && env.APP_ENV !== "production";
}

export function configureCompaniesHouseSimulator(env: NodeJS.ProcessEnv, port: number): void {
  env.COMPANIES_HOUSE_API_URL = companiesHouseSimulatorUrl(port);
  env.COMPANIES_HOUSE_API_KEY = COMPANIES_HOUSE_DEV_API_KEY;
}
