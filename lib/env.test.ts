import { ConfigError, DEV_AUTH_SECRET, parseEnv } from "./env";

const prod = {
  NODE_ENV: "production",
  APP_ENV: "production",
  APP_URL: "https://portal.example.com",
  DATABASE_URL: "postgres://app@db:5432/portal",
  SMTP_URL: "smtp://relay.example.com:587",
  AUTH_SECRET: "x".repeat(48),
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

describe("configuration", () => {
  it("gives working development defaults", () => {
    const env = parseEnv({});
    expect(env.APP_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBe(DEV_AUTH_SECRET);
    expect(env.MAILBOX_DIR).toBe(".data/mailbox");
    expect(env.DATABASE_POOL_MAX).toBe(10);
  });

  it("treats an unset APP_ENV under NODE_ENV=production as production", () => {
    expect(parseEnv({ ...prod, APP_ENV: undefined }).APP_ENV).toBe("production");
    expect(problems({ NODE_ENV: "production" }).join("\n")).toMatch(/AUTH_SECRET/);
  });

  it("names the variable that is malformed", () => {
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(problems({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL: /);
    expect(problems({ SMTP_URL: "not a url" })[0]).toMatch(/^SMTP_URL: /);
    expect(problems({ ADMIN_EMAILS: "a@b.example, nope" })[0]).toMatch(/^ADMIN_EMAILS/);
    expect(problems({ AUTH_SECRET: "short" })[0]).toMatch(/^AUTH_SECRET: /);
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv({ ...prod, ADMIN_EMAILS: "Ops@Example.com, b@example.com" });
    expect(env.APP_ENV).toBe("production");
    expect(env.ADMIN_EMAILS).toEqual(["ops@example.com", "b@example.com"]);
  });

  it("refuses development secrets, the embedded database and the capture mailbox in production", () => {
    expect(problems({ ...prod, AUTH_SECRET: DEV_AUTH_SECRET }).join()).toMatch(/AUTH_SECRET: the development secret/);
    expect(problems({ ...prod, AUTH_SECRET: undefined }).join()).toMatch(/AUTH_SECRET: required/);
    expect(problems({ ...prod, DATABASE_URL: undefined }).join()).toMatch(/DATABASE_URL: required/);
    expect(problems({ ...prod, SMTP_URL: undefined }).join()).toMatch(/SMTP_URL: required/);
    expect(problems({ ...prod, APP_URL: "http://portal.example.com" }).join()).toMatch(/APP_URL: must be https/);
  });

  it("requires the OIDC client when an issuer is set", () => {
    expect(problems({ OIDC_ISSUER: "http://localhost:4000" }).join()).toMatch(/OIDC_CLIENT_ID/);
  });
});
