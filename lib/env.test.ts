import { ConfigError, DEV_AUTH_SECRET, parseEnv } from "./env";
import { RECAPTCHA_DEV_CREDENTIALS } from "./integrations/captcha/dev-credentials";
import { SAGE_DEV_CREDENTIALS } from "./integrations/sage/dev-credentials";
import { DEV_YOTI_SDK_ID, DEV_YOTI_WEBHOOK_TOKEN } from "./integrations/yoti/dev-defaults";
import { STRIPE_DEV_CREDENTIALS } from "./integrations/stripe/dev-credentials";

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

  it("refuses the Sage and reCAPTCHA simulators in production: missing values, local addresses, development keys", () => {
    for (const k of ["SAGE_API_BASE", "SAGE_TOKEN_URL", "SAGE_CLIENT_ID", "SAGE_CLIENT_SECRET", "SAGE_REFRESH_TOKEN", "RECAPTCHA_SITE_KEY", "RECAPTCHA_API_KEY", "RECAPTCHA_PROJECT_ID"]) {
      expect(problems({ ...prod, [k]: undefined }).join()).toMatch(new RegExp(`${k}: required in production`));
    }
    expect(problems({ ...prod, SAGE_API_BASE: "http://127.0.0.1:4030/v3.1" }).join()).toMatch(/SAGE_API_BASE: a local address/);
    expect(problems({ ...prod, SAGE_TOKEN_URL: "http://localhost:4030/token" }).join()).toMatch(/SAGE_TOKEN_URL: a local address/);
    expect(problems({ ...prod, RECAPTCHA_API_BASE: "http://127.0.0.1:4040" }).join()).toMatch(/RECAPTCHA_API_BASE: a local address/);
    expect(problems({ ...prod, RECAPTCHA_SCRIPT_URL: "http://localhost:4040/recaptcha/enterprise.js" }).join()).toMatch(/RECAPTCHA_SCRIPT_URL: a local address/);
    expect(problems({ ...prod, SAGE_CLIENT_SECRET: SAGE_DEV_CREDENTIALS.clientSecret }).join()).toMatch(/SAGE_CLIENT_SECRET: the simulator's development value/);
    expect(problems({ ...prod, RECAPTCHA_API_KEY: RECAPTCHA_DEV_CREDENTIALS.apiKey }).join()).toMatch(/RECAPTCHA_API_KEY: the simulator's development value/);
  });

  it("leaves Sage and reCAPTCHA to their simulators in development, and wants each configured whole or not at all", () => {
    const env = parseEnv({});
    expect(env.SAGE_API_BASE).toBeUndefined();
    expect(env.RECAPTCHA_SITE_KEY).toBeUndefined();
    expect(env.RECAPTCHA_MIN_SCORE).toBe(0.5);
    expect(env.RECAPTCHA_API_BASE).toBe("https://recaptchaenterprise.googleapis.com");
    expect(env.RECAPTCHA_SCRIPT_URL).toBe("https://www.google.com/recaptcha/enterprise.js");
    expect(problems({ RECAPTCHA_SITE_KEY: "k" }).join()).toMatch(/RECAPTCHA_API_KEY \/ RECAPTCHA_PROJECT_ID: required when/);
    expect(problems({ SAGE_API_BASE: "https://api.accounting.sage.com/v3.1" }).join()).toMatch(/SAGE_TOKEN_URL .*: required when/);
    expect(problems({ SAGE_API_BASE: "https://api.accounting.sage.com/v3" })[0]).toMatch(/^SAGE_API_BASE: must end in \/v3\.1/);
    expect(problems({ RECAPTCHA_MIN_SCORE: "1.5" })[0]).toMatch(/^RECAPTCHA_MIN_SCORE/);
  });

  it("points Stripe at the simulator in development and at api.stripe.com once a key is set", () => {
    expect(parseEnv({}).stripe).toEqual({
      secretKey: STRIPE_DEV_CREDENTIALS.secretKey,
      webhookSecret: STRIPE_DEV_CREDENTIALS.webhookSecret,
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
      simulator: true,
    });
    expect(parseEnv({ STRIPE_API_BASE: "http://127.0.0.1:4999" }).stripe).toMatchObject({ host: "127.0.0.1", port: 4999, protocol: "http", simulator: true });
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      host: "api.stripe.com",
      port: 443,
      protocol: "https",
      simulator: false,
    });
    expect(problems(prod).filter((p) => p.startsWith("STRIPE"))).toEqual([]);
    expect(problems({ STRIPE_SECRET_KEY: "sk_test_x" }).join()).toMatch(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect(problems({ STRIPE_API_BASE: "http://127.0.0.1:12111/v1" })[0]).toMatch(/^STRIPE_API_BASE: must be an origin/);
    expect(problems({ STRIPE_API_BASE: "ftp://stripe.example" })[0]).toMatch(/^STRIPE_API_BASE: /);
  });

  it("refuses the Stripe simulator in production: missing keys, local addresses, development keys", () => {
    expect(problems({ ...prod, STRIPE_SECRET_KEY: undefined }).join()).toMatch(/STRIPE_SECRET_KEY: required in production/);
    expect(problems({ ...prod, STRIPE_WEBHOOK_SECRET: "" }).join()).toMatch(/STRIPE_WEBHOOK_SECRET: required in production/);
    expect(problems({ ...prod, STRIPE_SECRET_KEY: STRIPE_DEV_CREDENTIALS.secretKey }).join()).toMatch(/STRIPE_SECRET_KEY: the simulator's development value/);
    expect(problems({ ...prod, STRIPE_WEBHOOK_SECRET: STRIPE_DEV_CREDENTIALS.webhookSecret }).join()).toMatch(/STRIPE_WEBHOOK_SECRET: the simulator's development value/);
    for (const base of ["http://127.0.0.1:12111", "http://localhost:12111", "https://localhost", "http://[::1]:12111"]) {
      expect(problems({ ...prod, STRIPE_API_BASE: base }).join()).toMatch(/STRIPE_API_BASE: a local address/);
    }
    expect(problems({ ...prod, STRIPE_API_BASE: "http://stripe-proxy.internal:8080" }).join()).toMatch(/STRIPE_API_BASE: must be https/);
    expect(problems({ ...prod, STRIPE_API_BASE: "https://stripe-proxy.internal:8443" }).filter((p) => p.startsWith("STRIPE"))).toEqual([]);
  });

  it("refuses the Yoti simulator in production: missing values, local addresses, development values", () => {
    for (const k of ["YOTI_CLIENT_SDK_ID", "YOTI_KEY_FILE_PATH", "YOTI_WEBHOOK_TOKEN"]) {
      expect(problems({ ...prod, [k]: undefined }).join()).toMatch(new RegExp(`${k}: required in production`));
    }
    expect(problems({ ...prod, YOTI_IDV_API_URL: "http://127.0.0.1:4020/idverify/v1" }).join()).toMatch(/YOTI_IDV_API_URL: a local address/);
    expect(problems({ ...prod, YOTI_IDV_API_URL: "http://yoti.example/idverify/v1" }).join()).toMatch(/YOTI_IDV_API_URL: must be https/);
    expect(problems({ ...prod, YOTI_CLIENT_SDK_ID: DEV_YOTI_SDK_ID }).join()).toMatch(/YOTI_CLIENT_SDK_ID: the simulator's development value/);
    expect(problems({ ...prod, YOTI_WEBHOOK_TOKEN: DEV_YOTI_WEBHOOK_TOKEN }).join()).toMatch(/YOTI_WEBHOOK_TOKEN: the simulator's development value/);
    expect(problems({ ...prod, YOTI_KEY_FILE_PATH: "/srv/.data/yoti-simulator/key.pem" }).join()).toMatch(/YOTI_KEY_FILE_PATH: the simulator's development key/);
    expect(parseEnv(prod).yoti).toEqual({
      clientSdkId: prod.YOTI_CLIENT_SDK_ID,
      keyFilePath: prod.YOTI_KEY_FILE_PATH,
      apiUrl: "https://api.yoti.com/idverify/v1",
      webhookToken: prod.YOTI_WEBHOOK_TOKEN,
      simulator: false,
    });
  });

  it("points Yoti at the simulator with development values when unset outside production", () => {
    expect(parseEnv({ DATA_DIR: "/tmp/portal-data" }).yoti).toEqual({
      clientSdkId: DEV_YOTI_SDK_ID,
      keyFilePath: "/tmp/portal-data/yoti-simulator/key.pem",
      apiUrl: "http://127.0.0.1:4020/idverify/v1",
      webhookToken: DEV_YOTI_WEBHOOK_TOKEN,
      simulator: true,
    });
    expect(parseEnv({ YOTI_IDV_API_URL: "http://127.0.0.1:4999/idverify/v1/" }).yoti.apiUrl).toBe("http://127.0.0.1:4999/idverify/v1");
    expect(problems({ YOTI_IDV_API_URL: "https://api.yoti.com/api/v1" })[0]).toMatch(/^YOTI_IDV_API_URL: must end in \/idverify\/v1/);
    expect(problems({ YOTI_WEBHOOK_TOKEN: "short" })[0]).toMatch(/^YOTI_WEBHOOK_TOKEN: must be at least 24/);
    expect(problems({ YOTI_WEBHOOK_TOKEN: "has a space in it and is long enough" })[0]).toMatch(/^YOTI_WEBHOOK_TOKEN: must not contain spaces/);
    expect(problems({ YOTI_CLIENT_SDK_ID: "3f7a3d3e-1b2c-4d5e-8f90-a1b2c3d4e5f6" }).join()).toMatch(/YOTI_KEY_FILE_PATH: required when.*YOTI_WEBHOOK_TOKEN: required when/);
  });

  it("requires the OIDC client when an issuer is set", () => {
    expect(problems({ OIDC_ISSUER: "http://localhost:4000" }).join()).toMatch(/OIDC_CLIENT_ID/);
  });
});

describe("prices", () => {
  it("defaults to £65.00 per individual and 20% VAT", () => {
    const env = parseEnv({});
    expect(env.DIRECTOR_PRICE_PENCE).toBe(6500);
    expect(env.VAT_RATE_PERCENT).toBe(20);
  });

  it("takes whole pence and a rate with at most two decimals", () => {
    const env = parseEnv({ DIRECTOR_PRICE_PENCE: "7999", VAT_RATE_PERCENT: "17.5" });
    expect(env.DIRECTOR_PRICE_PENCE).toBe(7999);
    expect(env.VAT_RATE_PERCENT).toBe(17.5);
    expect(parseEnv({ VAT_RATE_PERCENT: "0" }).VAT_RATE_PERCENT).toBe(0);
  });

  it.each([
    ["DIRECTOR_PRICE_PENCE", "65.00"],
    ["DIRECTOR_PRICE_PENCE", "-1"],
    ["VAT_RATE_PERCENT", "20.125"],
    ["VAT_RATE_PERCENT", "101"],
    ["VAT_RATE_PERCENT", "twenty"],
  ])("refuses %s=%s", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});
