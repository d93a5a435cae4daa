import type { ChildProcess } from "node:child_process";

/** Sends `signal` to the process group `child` leads (spawned with `detached: true`); a group already gone is no error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Stops a child spawned with `detached: true` and everything it started: SIGTERM to its process
 * group, up to `graceMs` for the child to exit, then SIGKILL to what is left of the group (children
 * that outlive their parent, or a parent that does not stop), waiting for the child's exit.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (!child.pid) return;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child, "SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref())]);
  signalGroup(child, "SIGKILL");
  if (!stopped) await exited;
}
