// The ports `npm start` listens on, checked before anything is started: a port already taken stops
// the start with a message naming the port, what wanted it and the variable that moves it, instead
// of a child logging EADDRINUSE while the portal goes on talking to whatever answers there. Each
// child (the portal's server, the OpenID Connect provider, every simulator, the capture mailbox)
// also exits non-zero with the same message if it loses the race for its port (listenFailure).
import net from "node:net";

export interface WantedPort {
  port: number;
  /** What listens there, as the message says it: "the portal", "the Stripe simulator". */
  what: string;
  /** The variable that moves it: "PORT", "STRIPE_SIMULATOR_PORT". */
  variable: string;
}

export function portInUseMessage({ port, what, variable }: WantedPort): string {
  return `Port ${port} is already in use (${what}). Set ${variable} to another port, or stop what is using it.`;
}

/** Reads a port variable: unset or empty = `fallback`; anything but a whole number 1-65535 throws, naming the variable. */
export function portFrom(env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number from 1 to 65535, not "${raw}"`);
  return port;
}

/**
 * Whether nothing listens on `port`: listens there and closes. With no host, Node binds the IPv6
 * wildcard (dual-stack) or the IPv4 one, which Linux refuses while any local address, IPv4 or IPv6,
 * loopback or not, has the port: the strictest check, whatever address the child will use.
 */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", (err: NodeJS.ErrnoException) => (err.code === "EADDRINUSE" ? resolve(false) : reject(err)));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * Throws, with one line per problem, when two services want the same port or a port is taken.
 * `npm start` calls it with every port it is about to use, before building or spawning anything.
 */
export async function checkPortsFree(wanted: readonly WantedPort[]): Promise<void> {
  const problems: string[] = [];
  const seen = new Map<number, WantedPort>();
  for (const w of wanted) {
    const other = seen.get(w.port);
    if (other) problems.push(`Port ${w.port} is wanted by both ${other.what} (${other.variable}) and ${w.what} (${w.variable}). Set one of them to another port.`);
    else seen.set(w.port, w);
  }
  for (const w of seen.values()) {
    let free: boolean;
    try {
      free = await portIsFree(w.port);
    } catch (err) {
      problems.push(`Port ${w.port} cannot be used (${w.what}): ${(err as Error).message}. Set ${w.variable} to another port.`);
      continue;
    }
    if (!free) problems.push(portInUseMessage(w));
  }
  if (problems.length) throw new PortsUnavailableError(problems);
}

export class PortsUnavailableError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "PortsUnavailableError";
  }
}

/**
 * For a child's listen error: the port message when the port is taken (EADDRINUSE), else the error's
 * own. The child prints it and exits 1, so `npm start` (which stops when a child exits) stops too.
 */
export function listenFailure(err: unknown, wanted: WantedPort): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return portInUseMessage(wanted);
  return `cannot listen on port ${wanted.port} (${wanted.what}): ${err instanceof Error ? err.message : String(err)}`;
}
