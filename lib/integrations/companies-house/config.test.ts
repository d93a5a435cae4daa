import { ConfigError, parseEnv } from "@/lib/env";
import { COMPANIES_HOUSE_DEV_API_KEY } from "./dev-defaults";

const prod = {
  NODE_ENV: "production",
  APP_ENV: "production",
  APP_URL: "https://portal.example.com",
  DATABASE_URL: "postgres://app@db:5432/portal",
  SMTP_URL: "smtp://relay.example.com:587",
  AUTH_SECRET: "x".repeat(48),
  YOTI_CLIENT_SDK_ID: "3f7a3d3e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
  YOTI_KEY_FILE_PATH: "/run/secrets/yoti-key.pem",
  YOTI_WEBHOOK_TOKEN: "live-yoti-webhook-token-0123456789",
  SAGE_API_BASE: "https://api.accounting.sage.com/v3.1",
  SAGE_TOKEN_URL: "https://oauth.accounting.sage.com/token",
  SAGE_CLIENT_ID: "live-client",
  SAGE_CLIENT_SECRET: "live-secret",
  SAGE_REFRESH_TOKEN: "live-refresh-token",
  RECAPTCHA_SITE_KEY: "6LcLiveSiteKey",
  RECAPTCHA_API_KEY: "AIzaLiveApiKey",
  RECAPTCHA_PROJECT_ID: "portal-prod",
  STRIPE_SECRET_KEY: "sk_live_portal",
  STRIPE_WEBHOOK_SECRET: "whsec_portal",
  PERSONAL_CODE_KEY: "k".repeat(40),
  COMPANIES_HOUSE_API_KEY: "live-companies-house-key",
};

function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
}

describe("Companies House configuration", () => {
  it("points at the simulator with the development key when unset outside production", () => {
    const { companiesHouse } = parseEnv({});
    expect(companiesHouse).toEqual({
      apiKey: COMPANIES_HOUSE_DEV_API_KEY,
      apiUrl: "http://127.0.0.1:4050",
      cacheSeconds: 3600,
      rateLimit: 600,
      rateWindowSeconds: 300,
      simulator: true,
    });
  });

  it("uses the register's own API with a real key, and the values given", () => {
    const { companiesHouse } = parseEnv({ ...prod, COMPANIES_HOUSE_CACHE_SECONDS: "60", COMPANIES_HOUSE_RATE_LIMIT: "500", COMPANIES_HOUSE_RATE_WINDOW_SECONDS: "300" });
    expect(companiesHouse).toMatchObject({ apiKey: "live-companies-house-key", apiUrl: "https://api.company-information.service.gov.uk", cacheSeconds: 60, rateLimit: 500, simulator: false });
  });

  it("refuses the simulator in production: a missing key, the development key, a local or plain-http address", () => {
    expect(problems({ ...prod, COMPANIES_HOUSE_API_KEY: undefined }).join()).toMatch(/COMPANIES_HOUSE_API_KEY: required in production/);
    expect(problems({ ...prod, COMPANIES_HOUSE_API_KEY: COMPANIES_HOUSE_DEV_API_KEY }).join()).toMatch(/COMPANIES_HOUSE_API_KEY: the simulator's development value/);
    expect(problems({ ...prod, COMPANIES_HOUSE_API_URL: "http://127.0.0.1:4050" }).join()).toMatch(/COMPANIES_HOUSE_API_URL: a local address/);
    expect(problems({ ...prod, COMPANIES_HOUSE_API_URL: "http://localhost:4050/" }).join()).toMatch(/COMPANIES_HOUSE_API_URL: a local address/);
    expect(problems({ ...prod, COMPANIES_HOUSE_API_URL: "http://ch.example.com" }).join()).toMatch(/COMPANIES_HOUSE_API_URL: must be https/);
    expect(problems(prod)).toEqual([]);
  });

  it("refuses malformed values", () => {
    expect(problems({ COMPANIES_HOUSE_API_URL: "ftp://x" }).join()).toMatch(/COMPANIES_HOUSE_API_URL/);
    expect(problems({ COMPANIES_HOUSE_API_URL: "https://api.example.com/v1" }).join()).toMatch(/COMPANIES_HOUSE_API_URL: must be an origin without a path/);
    expect(problems({ COMPANIES_HOUSE_RATE_LIMIT: "0" }).join()).toMatch(/COMPANIES_HOUSE_RATE_LIMIT/);
    expect(problems({ COMPANIES_HOUSE_CACHE_SECONDS: "soon" }).join()).toMatch(/COMPANIES_HOUSE_CACHE_SECONDS/);
  });
});
