// Development values that connect the portal to the local Companies House simulator. lib/env.ts
// uses them when the Companies House variables are unset outside production, and refuses them in
// production; the simulator registry (scripts/lib/simulators.ts) hands the same values to the
// simulator process. Nothing here may import server-only code or Node modules.

/** The API key the simulator accepts (HTTP Basic user name, empty password), never valid in production. */
export const COMPANIES_HOUSE_DEV_API_KEY = "companies-house-simulator-key-0000";

export const COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT = 4050;

export const companiesHouseSimulatorUrl = (port: number) => `http://127.0.0.1:${port}`;

/** The register's public data API. */
export const COMPANIES_HOUSE_PRODUCTION_API_URL = "https://api.company-information.service.gov.uk";

/** Companies House allows 600 requests per key in any five minutes. */
export const COMPANIES_HOUSE_DEFAULT_RATE_LIMIT = 600;
export const COMPANIES_HOUSE_DEFAULT_RATE_WINDOW_SECONDS = 300;
