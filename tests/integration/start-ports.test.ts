// `npm start` with a port already taken, run as a newcomer runs it: a child process. It must stop,
// non-zero, naming the port and the variable that moves it, before building or starting anything;
// and each process it starts (every simulator in scripts/lib/simulators.ts's list, the local
// OpenID Connect provider, the capture mailbox) must exit non-zero with the same message when it
// loses its port, so that `npm start` stops rather than talk to whatever answers there.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { portInUseMessage } from "../../scripts/lib/ports";
import { labelOf, portVariableOf, simulators } from "../../scripts/lib/simulators";

const run = promisify(execFile);
const tsx = "node_modules/tsx/dist/cli.mjs";

/** Holds a port on 127.0.0.1 (where the simulators listen) until closed. */
async function occupy(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nno"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const { port, close } = await occupy();
  await close();
  return port;
}

/** Runs a command to its end: exit code and everything it printed. */
async function outcome(command: string, args: string[], env: NodeJS.ProcessEnv, timeout = 60_000) {
  try {
    const { stdout, stderr } = await run(command, args, { env, timeout });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number | string; signal?: string; stdout?: string; stderr?: string };
    return { code: e.code ?? e.signal, output: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-start-ports-"));
/** Nothing configured: `npm start` would run the local provider and every simulator. */
const bareEnv = (extra: Record<string, string>) =>
  ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    APP_ENV: "development",
    DATA_DIR: dataDir,
    // Where no build is: were the port check to come after the build, the test would see it start one.
    NEXT_DIST_DIR: path.join(dataDir, "no-build"),
    ...extra,
  }) as Record<string, string | undefined> as NodeJS.ProcessEnv;

/** Free ports for the portal, the provider and every simulator, by their variables. */
async function freePorts(): Promise<Record<string, string>> {
  const env: Record<string, string> = { PORT: String(await freePort()), OIDC_PROVIDER_PORT: String(await freePort()) };
  for (const s of simulators) env[portVariableOf(s)] = String(await freePort());
  return env;
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm start with a port taken", () => {
  it.each(simulators.map((s) => [s.name, s] as const))("stops before building when %s simulator's port is taken, naming it and its variable", async (_name, simulator) => {
    const held = await occupy();
    try {
      const variable = portVariableOf(simulator);
      const started = Date.now();
      const { code, output } = await outcome("npm", ["start", "--silent"], bareEnv({ ...(await freePorts()), [variable]: String(held.port) }));
      expect(code).toBe(1);
      expect(output).toContain(portInUseMessage({ port: held.port, what: labelOf(simulator), variable }));
      // Found before the build and the database, not after minutes.
      expect(output).not.toMatch(/\[build\]|database/);
      expect(fs.existsSync(path.join(dataDir, "no-build"))).toBe(false);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await held.close();
    }
  });

  it("names PORT when the portal's port is taken, and OIDC_PROVIDER_PORT for the provider's, in one message", async () => {
    const [portal, provider] = [await occupy(), await occupy()];
    try {
      const { code, output } = await outcome("npm", ["start", "--silent"], bareEnv({ ...(await freePorts()), PORT: String(portal.port), OIDC_PROVIDER_PORT: String(provider.port) }));
      expect(code).toBe(1);
      expect(output).toContain(`Port ${portal.port} is already in use (the portal). Set PORT to another port, or stop what is using it.`);
      expect(output).toContain(`Port ${provider.port} is already in use (the local OpenID Connect provider). Set OIDC_PROVIDER_PORT to another port, or stop what is using it.`);
    } finally {
      await portal.close();
      await provider.close();
    }
  });

  it("refuses two services on one port, naming both variables", async () => {
    const ports = await freePorts();
    const stripe = portVariableOf(simulators.find((s) => s.name === "stripe")!);
    const { code, output } = await outcome("npm", ["start", "--silent"], bareEnv({ ...ports, [stripe]: ports.PORT! }));
    expect(code).toBe(1);
    expect(output).toContain(`Port ${ports.PORT} is wanted by both the portal (PORT) and the Stripe simulator (${stripe}).`);
  });

  it("refuses a port variable that is not a port", async () => {
    const { code, output } = await outcome("npm", ["start", "--silent"], bareEnv({ ...(await freePorts()), OIDC_PROVIDER_PORT: "40x0" }));
    expect(code).toBe(1);
    expect(output).toContain('OIDC_PROVIDER_PORT must be a port number from 1 to 65535, not "40x0"');
  });
});

describe("each process npm start runs, when its port is taken", () => {
  it.each(simulators.map((s) => [s.name, s] as const))("%s simulator exits 1 naming its port and the variable npm start gave it", async (_name, simulator) => {
    const held = await occupy();
    try {
      const variable = portVariableOf(simulator);
      const { code, output } = await outcome(process.execPath, [tsx, simulator.script], bareEnv({ SIMULATOR_PORT: String(held.port), SIMULATOR_PORT_VARIABLE: variable }));
      expect(code).toBe(1);
      expect(output).toContain(`Port ${held.port} is already in use (`);
      expect(output).toContain(`Set ${variable} to another port, or stop what is using it.`);
    } finally {
      await held.close();
    }
  });

  it("the stripe simulator, run on its own, names SIMULATOR_PORT", async () => {
    const held = await occupy();
    try {
      const { code, output } = await outcome(process.execPath, [tsx, "scripts/simulators/stripe.ts"], bareEnv({ SIMULATOR_PORT: String(held.port) }));
      expect(code).toBe(1);
      expect(output).toContain(portInUseMessage({ port: held.port, what: "the Stripe simulator", variable: "SIMULATOR_PORT" }));
    } finally {
      await held.close();
    }
  });

  it("the local OpenID Connect provider exits 1 naming OIDC_PROVIDER_PORT", async () => {
    const held = await occupy();
    try {
      const { code, output } = await outcome(process.execPath, [tsx, "scripts/oidc-provider.ts"], bareEnv({ OIDC_PROVIDER_PORT: String(held.port) }));
      expect(code).toBe(1);
      expect(output).toContain(portInUseMessage({ port: held.port, what: "the local OpenID Connect provider", variable: "OIDC_PROVIDER_PORT" }));
    } finally {
      await held.close();
    }
  });

  it("the capture mailbox exits 1 naming MAILBOX_SMTP_PORT", async () => {
    const held = await occupy();
    try {
      const { code, output } = await outcome(process.execPath, [tsx, "scripts/mailbox.ts"], bareEnv({ MAILBOX_SMTP_PORT: String(held.port), MAILBOX_DIR: path.join(dataDir, "mailbox") }));
      expect(code).toBe(1);
      expect(output).toContain(portInUseMessage({ port: held.port, what: "the capture mailbox", variable: "MAILBOX_SMTP_PORT" }));
    } finally {
      await held.close();
    }
  });

  it("a simulator on a free port keeps running (the check does not refuse every port)", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [tsx, "scripts/simulators/stripe.ts"], { env: bareEnv({ SIMULATOR_PORT: String(port) }), stdio: "ignore" });
    try {
      const deadline = Date.now() + 30_000;
      let ok = false;
      while (!ok && Date.now() < deadline && child.exitCode === null) {
        ok = await fetch(`http://127.0.0.1:${port}/_simulator/health`).then((r) => r.ok, () => false);
        if (!ok) await new Promise((r) => setTimeout(r, 150));
      }
      expect(ok).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    }
  });
});
