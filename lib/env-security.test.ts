import { ConfigError, databaseRoles, parseEnv } from "./env";

/** A complete production configuration (as lib/env.test.ts's), so only the variables under test vary. */
const prod = {
  NODE_ENV: "production",
  APP_ENV: "production",
  APP_URL: "https://portal.example.com",
  DATABASE_URL: "postgres://portal_app@db:5432/portal",
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

describe("ADMIN_REQUIRE_MFA and ADMIN_ACCEPTED_ACR", () => {
  it("requires a second factor by default in production only", () => {
    expect(parseEnv(prod).ADMIN_REQUIRE_MFA).toBe(true);
    expect(parseEnv({}).ADMIN_REQUIRE_MFA).toBe(false);
    expect(parseEnv({ APP_ENV: "test" }).ADMIN_REQUIRE_MFA).toBe(false);
  });

  it("follows an explicit value anywhere", () => {
    expect(parseEnv({ ...prod, ADMIN_REQUIRE_MFA: "false" }).ADMIN_REQUIRE_MFA).toBe(false);
    expect(parseEnv({ ...prod, ADMIN_REQUIRE_MFA: "" }).ADMIN_REQUIRE_MFA).toBe(true);
    expect(parseEnv({ ADMIN_REQUIRE_MFA: "true" }).ADMIN_REQUIRE_MFA).toBe(true);
    expect(() => parseEnv({ ADMIN_REQUIRE_MFA: "yes" })).toThrow(/ADMIN_REQUIRE_MFA/);
  });

  it("reads the accepted acr values as a trimmed list, case kept", () => {
    expect(parseEnv({}).ADMIN_ACCEPTED_ACR).toEqual([]);
    expect(parseEnv({ ADMIN_ACCEPTED_ACR: " urn:Example:MFA , phr,," }).ADMIN_ACCEPTED_ACR).toEqual(["urn:Example:MFA", "phr"]);
  });
});

describe("DATABASE_MIGRATION_URL and DATABASE_APP_ROLE", () => {
  it("are optional, and read alone by databaseRoles()", () => {
    expect(databaseRoles({})).toEqual({ migrationUrl: undefined, appRole: undefined });
    expect(databaseRoles({ DATABASE_MIGRATION_URL: "postgres://portal@db/portal", DATABASE_APP_ROLE: " portal_app " })).toEqual({
      migrationUrl: "postgres://portal@db/portal",
      appRole: "portal_app",
    });
    expect(parseEnv({ ...prod, DATABASE_MIGRATION_URL: "postgres://portal@db:5432/portal" }).DATABASE_MIGRATION_URL).toBe("postgres://portal@db:5432/portal");
  });

  it("refuses a migration URL that is not PostgreSQL's, or one without DATABASE_URL", () => {
    expect(() => databaseRoles({ DATABASE_MIGRATION_URL: "mysql://db/portal" })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_MIGRATION_URL: "postgres://portal@db/portal" })).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
    expect(() => databaseRoles({ DATABASE_APP_ROLE: "r".repeat(64) })).toThrow(/DATABASE_APP_ROLE/);
  });
});
