import { log } from "../../lib/log";
import { listenFailure } from "./ports";

/**
 * Runs a simulator script (scripts/simulators/*.ts) once its server is `started`: logs `ready`
 * under `[tag]` and closes it on SIGINT or SIGTERM. When it cannot listen, a taken port names
 * itself and the variable that moves it (SIMULATOR_PORT_VARIABLE: the one `npm start` reads,
 * scripts/lib/simulators.ts), and exit 1 stops `npm start` too.
 */
export function runSimulator<S extends { close(): Promise<unknown> }>(tag: string, what: string, port: number, started: Promise<S>, ready: (simulator: S) => string): void {
  started.then(
    (simulator) => {
      log.info(`[${tag}] ${ready(simulator)}`);
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.on(signal, () => void simulator.close().finally(() => process.exit(0)));
      }
    },
    (err: Error) => {
      log.error(`[${tag}] ${listenFailure(err, { port, what, variable: process.env.SIMULATOR_PORT_VARIABLE || "SIMULATOR_PORT" })}`);
      process.exit(1);
    },
  );
}
