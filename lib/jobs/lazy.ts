import type { JobDefinition } from "./define-job";

/** What a job's `onFailed` is given: the database, the failed job's id, and its last error. */
export type FailedJobContext = Parameters<NonNullable<JobDefinition["onFailed"]>>[1];

type AsyncFunction = (...args: never[]) => Promise<unknown>;
/** The exports of a module that are async functions. */
type FunctionKeys<M> = { [P in keyof M]: M[P] extends AsyncFunction ? P : never }[keyof M];

/**
 * One export of a job's handler module, loaded on the job's first run:
 * `run: lazy(handler, "run")` with `const handler = () => import("./x.handler")`.
 *
 * A job's definition (lib/jobs/definitions/x.ts) says what the job is: its name, payload schema,
 * retries and expiry. What it does lives in x.handler.ts, which imports lib/server freely. The
 * definition names it only through `import()`, which is no import at load time: the registry of
 * jobs (definitions/index.ts) and the senders built on it (send-job.ts, send-jobs.ts) do not load
 * the server functions that send jobs, so those functions can import them without an import
 * cycle (lib/import-graph.test.ts). The module is loaded once and cached.
 */
export function lazy<M, K extends FunctionKeys<M>>(load: () => Promise<M>, name: K): M[K] {
  // Kept after the first load: every `import()` call goes through the module loader again (under
  // tsx, `npm run worker`'s loader, a round trip to its hooks thread), which a job run by the
  // thousand (invitation.send) paid once per job. A failed load is tried again next time.
  let loaded: Promise<M> | undefined;
  const call = async (...args: never[]) => {
    loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    const fn = (await loaded)[name];
    if (typeof fn !== "function") throw new Error(`the job handler module has no function ${String(name)}`);
    return (fn as AsyncFunction)(...args);
  };
  return call as M[K];
}
