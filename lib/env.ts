import { z } from "zod";

/**
 * The one typed, validated configuration object (DESIGN.md §5).
 *
 * `APP_ENV` says what kind of deployment this is. It is separate from NODE_ENV because the demo
 * (`npm start`) and the end-to-end tests run a production build of Next.js locally:
 * - `production`: a real deployment. Development secrets, the capture mailbox and simulators are refused.
 * - `development`: a developer's machine or the demo (`npm start`).
 * - `test`: the automated test suite.
 * When unset it is `production` under NODE_ENV=production, so a deployment that forgets it is safe.
 */

export const DEV_AUTH_SECRET = "development-only-secret-do-not-use-in-production-0000";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

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

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("must be a comma-separated list of email addresses")));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_ENV: z.enum(["development", "test", "production"]).optional(),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  DATABASE_POOL_MAX: int(1, 100, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: int(100, 600_000, 10_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: int(100, 60_000, 3_000),
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
  /** How many proxies in front of the portal append to X-Forwarded-For (see lib/http.ts clientIp). */
  TRUSTED_PROXY_COUNT: int(0, 10, 1),
  SESSION_IDLE_MINUTES: int(1, 24 * 60, 30),
  SESSION_ABSOLUTE_HOURS: int(1, 7 * 24, 12),
  SIGN_IN_LINK_MINUTES: int(1, 60, 10),
  SEND_LINK_MIN_MS: int(0, 5_000, 350),
  /** Outside production only: lets tests act as a user with the `test-user` header. */
  TEST_USER_HEADER_ENABLED: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  WORKER_IN_PROCESS: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  WORKER_POLL_MS: int(100, 60_000, 2_000),
  ADMIN_API_KEY: optionalString.pipe(z.string().min(24, "must be at least 24 characters").optional()),
});

export type Env = Omit<z.infer<typeof schema>, "APP_ENV" | "AUTH_SECRET" | "MAILBOX_DIR"> & {
  APP_ENV: "development" | "test" | "production";
  AUTH_SECRET: string;
  /** Where captured mail is stored when SMTP_URL is unset (development and tests only). */
  MAILBOX_DIR: string;
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
    if (!raw.SMTP_URL) problems.push("SMTP_URL: required in production (the capture mailbox is for development only)");
    if (!raw.APP_URL.startsWith("https:")) problems.push("APP_URL: must be https in production");
    if (raw.TEST_USER_HEADER_ENABLED) problems.push("TEST_USER_HEADER_ENABLED: the test-user header is not allowed in production");
    if (raw.OIDC_ISSUER && /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(raw.OIDC_ISSUER)) problems.push("OIDC_ISSUER: the local OpenID Connect provider is not allowed in production");
  }
  if (raw.OIDC_ISSUER && (!raw.OIDC_CLIENT_ID || !raw.OIDC_CLIENT_SECRET)) {
    problems.push("OIDC_CLIENT_ID / OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set");
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    ...raw,
    APP_ENV: appEnv,
    AUTH_SECRET: raw.AUTH_SECRET ?? DEV_AUTH_SECRET,
    MAILBOX_DIR: raw.MAILBOX_DIR ?? `${raw.DATA_DIR}/mailbox`,
  };
}

let cached: Env | undefined;

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
