// The Companies House simulator as `npm run sim:companies-house` runs it: its own process, on a
// free port, for the contract tests and the sync command's test.
import { spawn, type ChildProcess } from "node:child_process";
import { COMPANIES_HOUSE_DEV_API_KEY } from "@/lib/integrations/companies-house/dev-defaults";

export interface SimulatorProcess {
  origin: string;
  apiKey: string;
  child: ChildProcess;
  stats(): Promise<{ requests: number; rateLimited: number; unauthorized: number; failed: number; byPath: Record<string, number> }>;
  failNext(...statuses: number[]): Promise<void>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `scripts/simulators/companies-house.ts` with `env` (e.g. a small rate limit) and waits for its address. */
export async function startSimulatorProcess(env: Record<string, string> = {}): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/simulators/companies-house.ts"], {
    env: { ...process.env, SIMULATOR_PORT: "0", COMPANIES_HOUSE_API_KEY: COMPANIES_HOUSE_DEV_API_KEY, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the simulator did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Companies House API at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited (${code}):\n${output}`));
    });
  });
  const post = (path: string, body: unknown) => fetch(`${origin}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return {
    origin,
    apiKey: env.COMPANIES_HOUSE_API_KEY ?? COMPANIES_HOUSE_DEV_API_KEY,
    child,
    stats: async () => (await fetch(`${origin}/_simulator/stats`)).json(),
    failNext: async (...statuses) => void (await post("/_simulator/fail-next", { statuses })).body?.cancel(),
    reset: async () => void (await post("/_simulator/reset", {})).body?.cancel(),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
