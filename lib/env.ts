import { z } from "zod";
import { parseDeadlineReminderDays, parseReminderDays } from "./domain/reminder-steps";
import { RECAPTCHA_DEV_CREDENTIALS } from "./integrations/captcha/dev-credentials";
import { companiesHouseConfig, companiesHouseProblems, companiesHouseSchema, type CompaniesHouseConfig } from "./integrations/companies-house/config";
import { isLocal, optionalString } from "./integrations/config-checks";
import { SAGE_DEV_CREDENTIALS } from "./integrations/sage/dev-credentials";
import { stripeConfig, stripeProblems, stripeSchema } from "./integrations/stripe/config";
import type { StripeConfig } from "./integrations/stripe/types";
import { yotiConfig, yotiProblems, yotiSchema, type YotiConfig } from "./integrations/yoti/config";
import { DEFAULT_LOG_LEVEL, LOG_LEVELS } from "./log/level";

/**
 * The one typed, validated configuration object (docs/integrations.md).
 *
 * `APP_ENV` says what kind of deployment this is. It is separate from NODE_ENV because the demo
 * (`npm start`) and the end-to-end tests run a production build of Next.js locally:
 * - `production`: a real deployment. Development secrets, the capture mailbox and simulators are refused.
 * - `development`: a developer's machine or the demo (`npm start`).
 * - `test`: the automated test suite.
 * When unset it is `production` under NODE_ENV=production, so a deployment that forgets it is safe.
 */

export const DEV_AUTH_SECRET = "development-only-secret-do-not-use-in-production-0000";

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(" or ")}`);

const optionalUrl = (protocols: string[]) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), url(protocols).optional());

const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : v),
    z.coerce.number().int(`must be a whole number`).min(min).max(max),
  );

/** A list of days, `fallback` when unset, read by `parse` (which answers the days or what is wrong). */
const dayList = (fallback: string, parse: (value: string) => number[] | string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const days = parse(v);
      if (typeof days === "string") {
        ctx.addIssue({ code: "custom", message: days });
        return z.NEVER;
      }
      return days;
    });

/** A comma-separated list of the non-empty values, each trimmed and then written by `each`. */
const listOf = (each: (value: string) => string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((e) => each(e.trim()))
        .filter(Boolean),
    );

/** A comma-separated list of non-empty values, trimmed (case kept). */
const commaList = listOf((e) => e);

/**
 * The database roles (README "Database roles"). Read on their own by the migration runner
 * (db/client.ts), which runs before anything else needs the whole configuration.
 */
const databaseRolesShape = {
  /** The tables' owner, which migrations run as; unset = DATABASE_URL's user. */
  DATABASE_MIGRATION_URL: optionalUrl(["postgres:", "postgresql:"]),
  /**
   * The application's own role, granted what it needs and on the audit tables only SELECT and
   * INSERT after each migration run; unset = DATABASE_URL's user when DATABASE_MIGRATION_URL names
   * another user, else none (the application is the owner, as in development).
   */
  DATABASE_APP_ROLE: optionalString.pipe(z.string().max(63, "must be a role name of at most 63 characters").optional()),
};

const emailList = listOf((e) => e.toLowerCase()).pipe(
  z.array(z.email("must be a comma-separated list of email addresses")),
);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_ENV: z.enum(["development", "test", "production"]).optional(),
  /**
   * The least severe level the logs keep (lib/log). The logger reads it from the environment itself,
   * as it must work before the configuration is checked; checked here so a misspelt level stops the
   * server, naming it.
   */
  LOG_LEVEL: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v), z.enum(LOG_LEVELS).default(DEFAULT_LOG_LEVEL)),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  DATABASE_POOL_MAX: int(1, 100, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: int(100, 600_000, 10_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: int(100, 60_000, 3_000),
  ...databaseRolesShape,
  DATA_DIR: z.string().trim().min(1).default(".data"),
  APP_URL: url(["http:", "https:"]).default("http://localhost:3000"),
  PORT: int(1, 65535, 3000),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).default("Director Verification <no-reply@localhost>"),
  SUPPORT_EMAIL: z.email("must be an email address").default("support@localhost"),
  MAILBOX_DIR: optionalString,
  OIDC_ISSUER: optionalUrl(["http:", "https:"]),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: emailList,
  ADMIN_GROUP: optionalString,
  /**
   * Refuse an admin sign-in whose ID token shows no second factor (lib/auth/sso/second-factor.ts):
   * `amr` naming two kinds of factor (or "mfa"), or an `acr` listed in ADMIN_ACCEPTED_ACR.
   * Default: true in production, false elsewhere.
   */
  ADMIN_REQUIRE_MFA: z.enum(["true", "false", ""]).optional(),
  /** `acr` values that vouch for a second factor (comma-separated, compared exactly). */
  ADMIN_ACCEPTED_ACR: commaList,
  /**
   * How many reverse proxies of ours stand in front of the portal, each appending to
   * X-Forwarded-For. 0 (no proxy): the client address is the connection's peer and any
   * X-Forwarded-For is ignored. Read by the portal's server (scripts/serve.ts, lib/client-address.ts).
   */
  TRUSTED_PROXY_COUNT: int(0, 10, 0),
  SESSION_IDLE_MINUTES: int(1, 24 * 60, 30),
  SESSION_ABSOLUTE_HOURS: int(1, 7 * 24, 12),
  SIGN_IN_LINK_MINUTES: int(1, 60, 10),
  SEND_LINK_MIN_MS: int(0, 5_000, 350),
  /** Outside production only: lets tests act as a user with the `test-user` header. */
  TEST_USER_HEADER_ENABLED: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  WORKER_IN_PROCESS: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  WORKER_POLL_MS: int(100, 60_000, 2_000),
  /** Whether a process that works jobs also sends the scheduled ones (lib/jobs/schedules.ts). */
  WORKER_SCHEDULES: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /**
   * Email jobs (invitations, other emails) a worker fetches at once, and how many of them it works
   * at the same time; each job still succeeds or fails on its own (lib/jobs/queue.ts).
   */
  WORKER_BATCH_SIZE: int(1, 1000, 50),
  WORKER_CONCURRENCY: int(1, 100, 20),
  /** Connections the SMTP adapter keeps open to the relay at most (nodemailer's pool). */
  SMTP_MAX_CONNECTIONS: int(1, 100, 10),
  /** Port of the worker's health and metrics endpoints (scripts/worker.ts); unset = none. */
  WORKER_HTTP_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int("must be a whole number").min(1).max(65535).optional()),
  /** Security events older than this are deleted by the scheduled clean-up (about 13 months by default). */
  SECURITY_EVENT_RETENTION_DAYS: int(1, 3650, 400),
  /** Days after an individual's invitation on which they are reminded (lib/domain/reminder-steps.ts). */
  REMINDER_DAYS: dayList("2,5,10", parseReminderDays),
  /**
   * Days before a person's verify-by date on which they are reminded of it (lib/domain/reminder-steps.ts),
   * on top of REMINDER_DAYS, never a second email the same day.
   */
  VERIFY_BY_REMINDER_DAYS: dayList("30,14,7,1", parseDeadlineReminderDays),
  /** Largest evidence upload in bytes (10 MB); a larger body is refused with 413 before it is read. */
  UPLOAD_MAX_BYTES: int(1024, 100 * 1024 * 1024, 10 * 1024 * 1024),
  /**
   * Upload quota of one director: files and bytes of their uploads that are not deleted (those they
   * hid after review still count). Over it an upload is refused (409) and nothing is stored.
   */
  EVIDENCE_MAX_FILES: int(1, 1000, 20),
  EVIDENCE_MAX_BYTES: int(1024, 10 * 1024 * 1024 * 1024, 100 * 1024 * 1024),
  /** New identity-check sessions one individual may start at the provider per UK calendar day (handing back the open one does not count). */
  IDENTITY_CHECK_MAX_SESSIONS_PER_DAY: int(1, 100, 5),
  /**
   * The invitations of a public request by invoice, and of an existing customer's request whose main
   * contact is not the one on the customer's record, wait until staff move the client to Onboarding.
   */
  HOLD_REQUEST_INVITATIONS: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /**
   * Public requests allowed from one client address per 10 minutes (default: REQUESTS_PER_ADDRESS in
   * lib/server/requests/submit-onboarding-request.ts). Raised only where every caller shares one
   * address, as the end-to-end run's browsers do.
   */
  REQUESTS_PER_ADDRESS: int(1, 100_000, 10),
  /** Evidence (uploads, the provider's media, checks, address history) is deleted this many years after the check completed. */
  EVIDENCE_RETENTION_YEARS: int(1, 50, 7),
  /** Evidence files in an S3-compatible bucket instead of DATA_DIR (several app instances, or a worker elsewhere). */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default("eu-west-2"),
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path, not the host name (most S3-compatible servers); default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  ADMIN_API_KEY: optionalString.pipe(z.string().min(24, "must be at least 24 characters").optional()),
  /** Bearer token a Prometheus scraper presents at GET /api/metrics; unset = no metrics endpoint (404). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, "must be at least 24 characters").optional()),
  /** OpenTelemetry collector (OTLP/HTTP) that traces are exported to, e.g. http://otel-collector:4318; unset = no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(["http:", "https:"]),
  /** `service.name` of the exported spans (the worker adds "-worker"). */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("director-verification-portal"),
  /**
   * Key of the Companies House personal codes stored at rest (32+ characters). Unset outside
   * production: derived from AUTH_SECRET. PERSONAL_CODE_PREVIOUS_KEYS (comma-separated) still
   * decrypt codes written under an earlier key until `npm run personal-codes:rotate` re-encrypts them.
   */
  PERSONAL_CODE_KEY: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PERSONAL_CODE_PREVIOUS_KEYS: commaList.pipe(z.array(z.string().min(32, "each key must be at least 32 characters"))),
  /**
   * Standard price of verifying one individual, in pence before VAT (£65.00). New requests are
   * priced with it; a client keeps the price it was quoted when this changes later.
   */
  DIRECTOR_PRICE_PENCE: z.preprocess(
    (v) => (v === undefined || v === "" ? "6500" : v),
    z
      .string()
      .trim()
      .refine((v) => /^\d{1,8}$/.test(v), "must be a whole number of pence, e.g. 6500 for £65.00")
      .transform(Number)
      .pipe(z.number().max(10_000_000)),
  ),
  /** VAT rate in percent, at most two decimals (17.5 was the UK rate once); 0 charges no VAT. */
  VAT_RATE_PERCENT: z.preprocess(
    (v) => (v === undefined || v === "" ? 20 : v),
    z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, "must have at most two decimals"),
  ),
  /** Sage Business Cloud Accounting v3.1 (invoices). Unset outside production: the local simulator. */
  SAGE_API_BASE: optionalUrl(["http:", "https:"]).refine((v) => v === undefined || /\/v3\.1\/?$/.test(v), "must end in /v3.1"),
  SAGE_TOKEN_URL: optionalUrl(["http:", "https:"]),
  SAGE_CLIENT_ID: optionalString,
  SAGE_CLIENT_SECRET: optionalString,
  /** The first refresh token; the newest one Sage hands back is kept in the database. */
  SAGE_REFRESH_TOKEN: optionalString,
  /** Sales ledger account for invoice lines; unset = the business's sales account 4000 (or its first). */
  SAGE_SALES_LEDGER_ACCOUNT_ID: optionalString,
  /** reCAPTCHA Enterprise (the bot check). Unset outside production: the local simulator. */
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_API_KEY: optionalString,
  RECAPTCHA_PROJECT_ID: optionalString,
  RECAPTCHA_MIN_SCORE: z.preprocess((v) => (v === undefined || v === "" ? 0.5 : v), z.coerce.number().min(0).max(1)),
  RECAPTCHA_API_BASE: url(["http:", "https:"]).default("https://recaptchaenterprise.googleapis.com"),
  RECAPTCHA_SCRIPT_URL: url(["http:", "https:"]).default("https://www.google.com/recaptcha/enterprise.js"),
  /** Yoti Identity Verification (YOTI_CLIENT_SDK_ID, YOTI_KEY_FILE_PATH, YOTI_IDV_API_URL, YOTI_WEBHOOK_TOKEN). */
  ...yotiSchema,
  /** Stripe card payments (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE). */
  ...stripeSchema,
  /** Companies House public data API (COMPANIES_HOUSE_API_KEY, COMPANIES_HOUSE_API_URL, cache and rate budget). */
  ...companiesHouseSchema,
});

export type Env = Omit<z.infer<typeof schema>, "APP_ENV" | "AUTH_SECRET" | "MAILBOX_DIR" | "ADMIN_REQUIRE_MFA"> & {
  /** Resolved: true in production unless set to false. */
  ADMIN_REQUIRE_MFA: boolean;
  APP_ENV: "development" | "test" | "production";
  AUTH_SECRET: string;
  /** Where captured mail is stored when SMTP_URL is unset (development and tests only). */
  MAILBOX_DIR: string;
  /** Yoti IDV, resolved: the simulator's development values when unset outside production. */
  yoti: YotiConfig;
  /** Stripe, resolved: the simulator's development keys and address when unset outside production. */
  stripe: StripeConfig;
  /** Companies House, resolved: the simulator's development key and address when unset outside production. */
  companiesHouse: CompaniesHouseConfig;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses and checks a configuration source. Pure, so tests can call it with any record. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
    );
  }
  const raw = parsed.data;
  const appEnv = raw.APP_ENV ?? (raw.NODE_ENV === "production" ? "production" : "development");
  const problems: string[] = [];

  if (appEnv === "production") {
    if (!raw.AUTH_SECRET) problems.push("AUTH_SECRET: required in production");
    else if (raw.AUTH_SECRET === DEV_AUTH_SECRET) problems.push("AUTH_SECRET: the development secret is not allowed in production");
    if (!raw.DATABASE_URL) problems.push("DATABASE_URL: required in production (the embedded database is for development only)");
    if (!raw.PERSONAL_CODE_KEY) problems.push("PERSONAL_CODE_KEY: required in production (it encrypts the Companies House personal codes)");
    if (!raw.SMTP_URL) problems.push("SMTP_URL: required in production (the capture mailbox is for development only)");
    if (!raw.APP_URL.startsWith("https:")) problems.push("APP_URL: must be https in production");
    if (raw.TEST_USER_HEADER_ENABLED) problems.push("TEST_USER_HEADER_ENABLED: the test-user header is not allowed in production");
    if (raw.OIDC_ISSUER && /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(raw.OIDC_ISSUER)) problems.push("OIDC_ISSUER: the local OpenID Connect provider is not allowed in production");
    problems.push(...integrationProductionProblems(raw));
  }
  problems.push(...integrationCompletenessProblems(raw));
  problems.push(...yotiProblems(raw, appEnv));
  problems.push(...stripeProblems(raw, appEnv));
  problems.push(...companiesHouseProblems(raw, appEnv));
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) problems.push("S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK's default credentials)");
  if (raw.DATABASE_MIGRATION_URL && !raw.DATABASE_URL) problems.push("DATABASE_MIGRATION_URL: needs DATABASE_URL (the embedded database has a single role)");
  if (raw.OIDC_ISSUER && (!raw.OIDC_CLIENT_ID || !raw.OIDC_CLIENT_SECRET)) {
    problems.push("OIDC_CLIENT_ID / OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set");
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    ...raw,
    APP_ENV: appEnv,
    AUTH_SECRET: raw.AUTH_SECRET ?? DEV_AUTH_SECRET,
    ADMIN_REQUIRE_MFA: raw.ADMIN_REQUIRE_MFA === "true" || ((raw.ADMIN_REQUIRE_MFA ?? "") === "" && appEnv === "production"),
    MAILBOX_DIR: raw.MAILBOX_DIR ?? `${raw.DATA_DIR}/mailbox`,
    yoti: yotiConfig(raw),
    stripe: stripeConfig(raw),
    companiesHouse: companiesHouseConfig(raw),
  };
}

/** Sage and reCAPTCHA are each configured completely or not at all (then: the simulator). */
function integrationCompletenessProblems(raw: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const groups = {
    Sage: ["SAGE_API_BASE", "SAGE_TOKEN_URL", "SAGE_CLIENT_ID", "SAGE_CLIENT_SECRET", "SAGE_REFRESH_TOKEN"],
    reCAPTCHA: ["RECAPTCHA_SITE_KEY", "RECAPTCHA_API_KEY", "RECAPTCHA_PROJECT_ID"],
  } as const;
  for (const [name, keys] of Object.entries(groups)) {
    const missing = keys.filter((k) => !raw[k]);
    if (missing.length && missing.length < keys.length) problems.push(`${missing.join(" / ")}: required when the other ${name} settings are set`);
  }
  return problems;
}

/** Production talks to the real Sage and Google: no missing values, local addresses or simulator keys. */
function integrationProductionProblems(raw: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const required = ["SAGE_API_BASE", "SAGE_TOKEN_URL", "SAGE_CLIENT_ID", "SAGE_CLIENT_SECRET", "SAGE_REFRESH_TOKEN", "RECAPTCHA_SITE_KEY", "RECAPTCHA_API_KEY", "RECAPTCHA_PROJECT_ID"] as const;
  for (const k of required) if (!raw[k]) problems.push(`${k}: required in production (the simulator is for development only)`);
  for (const k of ["SAGE_API_BASE", "SAGE_TOKEN_URL", "RECAPTCHA_API_BASE", "RECAPTCHA_SCRIPT_URL"] as const) {
    const v = raw[k];
    if (v && isLocal(v)) problems.push(`${k}: a local address (the simulator) is not allowed in production`);
  }
  const devValues: [keyof typeof raw, string][] = [
    ["SAGE_CLIENT_ID", SAGE_DEV_CREDENTIALS.clientId],
    ["SAGE_CLIENT_SECRET", SAGE_DEV_CREDENTIALS.clientSecret],
    ["SAGE_REFRESH_TOKEN", SAGE_DEV_CREDENTIALS.refreshToken],
    ["RECAPTCHA_SITE_KEY", RECAPTCHA_DEV_CREDENTIALS.siteKey],
    ["RECAPTCHA_API_KEY", RECAPTCHA_DEV_CREDENTIALS.apiKey],
    ["RECAPTCHA_PROJECT_ID", RECAPTCHA_DEV_CREDENTIALS.projectId],
  ];
  for (const [k, dev] of devValues) if (raw[k] === dev) problems.push(`${k}: the simulator's development value is not allowed in production`);
  return problems;
}

let cached: Env | undefined;

/**
 * DATABASE_MIGRATION_URL and DATABASE_APP_ROLE alone, for the migration runner (db/client.ts).
 * Throws ConfigError when either is malformed.
 */
export function databaseRoles(source: Record<string, string | undefined> = process.env): { migrationUrl?: string; appRole?: string } {
  const parsed = z.object(databaseRolesShape).safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  return { migrationUrl: parsed.data.DATABASE_MIGRATION_URL, appRole: parsed.data.DATABASE_APP_ROLE };
}

/**
 * The validated configuration of this process. Read lazily (not at import) so that `next build`,
 * which imports route modules, does not need runtime secrets.
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
