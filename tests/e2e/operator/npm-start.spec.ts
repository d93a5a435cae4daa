import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { listMessages } from "../../../lib/integrations/email/mailbox-store";
import { demo, human } from "../support/fixtures";
import { stopProcessGroup } from "../../../scripts/lib/process-group";

// `npm start` as a newcomer runs it on a fresh machine: no DATABASE_URL, no SMTP, no outside
// services configured. It must create, migrate and seed the embedded database, start the local
// OpenID Connect provider and every simulator, serve the portal, and deliver email with the
// in-process worker. It reuses the build the end-to-end set-up made (same sources, so no rebuild),
// on ports of its own so that it runs beside the suite's portal.
const port = Number(process.env.E2E_NPM_START_PORT ?? 3199);
const base = `http://localhost:${port}`;

test.describe.configure({ mode: "serial" });

let child: ChildProcess;
let dataDir: string;
let output = "";
/** The suite's build (NEXT_DIST_DIR), and its time before this spec marked it current. */
const buildId = path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
let builtAt: fs.Stats | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // npm start rebuilds when a source file is newer than the build. The suite's own portal is
  // running from that build: a source edited since the run began made npm start rebuild it under
  // the running portal, and every spec after this one failed. The build the set-up made is the one
  // this run tests: marked current for npm start, its time restored afterwards.
  if (fs.existsSync(buildId)) {
    builtAt = fs.statSync(buildId);
    const now = new Date();
    fs.utimesSync(buildId, now, now);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-npm-start-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, OIDC_PROVIDER_PORT: String(port + 1000) };
  for (const name of ["DATABASE_URL", "SMTP_URL", "MAILBOX_DIR", "APP_URL", "APP_ENV", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "TEST_USER_HEADER_ENABLED", "WORKER_IN_PROCESS", "NODE_ENV"]) delete env[name];
  child = spawn("npm", ["start"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/api/admin/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`npm start did not become healthy:\n${output}`);
});

test.afterAll(async () => {
  if (child) await stopProcessGroup(child, 15_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (builtAt) fs.utimesSync(buildId, builtAt.atime, builtAt.mtime);
});

test("[OPERATOR] starts the portal with npm start on a fresh machine, with demo data and a sign-in email in the mailbox", async ({ page }) => {
  expect(output).toMatch(/embedded database created, migrated and seeded/);

  await page.goto(`${base}/login`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The demo contact asks for a link; the in-process worker delivers it into the capture mailbox.
  const res = await page.request.post(`${base}/api/send-link`, { data: { email: demo.contact.email, reference: demo.contact.reference, ...human }, headers: { origin: base } });
  expect(res.status()).toBe(200);
  await expect.poll(() => listMessages(path.join(dataDir, "mailbox")).filter((m) => m.to.includes(demo.contact.email)).length, { timeout: 20_000 }).toBe(1);

  // Staff sign-in goes to the local OpenID Connect provider that npm start runs.
  const sso = await page.request.get(`http://localhost:${port + 1000}/.well-known/openid-configuration`);
  expect(sso.ok()).toBe(true);
});
