import { isIP } from "node:net";

/*
 * The caller's address, which rate limits, audit entries and security events record, must be one
 * the caller cannot choose. A route handler cannot see the TCP connection, and X-Forwarded-For is
 * whatever the client sent unless a proxy of ours rewrote it (Next.js only fills it in when it is
 * absent). So the portal's own HTTP server (scripts/serve.ts) decides the address from the socket,
 * plus exactly TRUSTED_PROXY_COUNT hops of X-Forwarded-For when proxies are configured, and hands
 * it to the application in CLIENT_ADDRESS_HEADER, after deleting any copy the client sent.
 */

/** The request header that carries the address the portal's server decided. */
export const CLIENT_ADDRESS_HEADER = "x-portal-client-address";

/**
 * Set in the environment of a process whose requests arrive through scripts/serve.ts (or a test
 * harness that plays its part). Without it the header is not trusted: under a bare `next start`
 * nothing strips a client's own copy, so every caller is "unknown" rather than who they claim.
 */
export const CLIENT_ADDRESS_STAMPED_ENV = "PORTAL_CLIENT_ADDRESS_STAMPED";

export const UNKNOWN_ADDRESS = "unknown";

/** An address in canonical form: IPv4-mapped IPv6 as plain IPv4, a port dropped; null if not an IP. */
export function normaliseAddress(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  value = value.replace(/%.*$/, ""); // an IPv6 zone ("fe80::1%eth0") names our interface, not the client
  return isIP(value) ? value.toLowerCase() : null;
}

/**
 * The client's address: the socket's peer when no proxy is trusted; otherwise the hop that the
 * outermost of `trustedProxyCount` proxies saw. The chain is X-Forwarded-For's entries followed by
 * the socket's peer (the nearest proxy); each trusted proxy accounts for one entry from the right,
 * and anything further left is whatever the client chose to send. A chain shorter than that (fewer
 * proxies than configured) gives its leftmost entry.
 */
export function clientAddress({
  socketAddress,
  forwardedFor,
  trustedProxyCount,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustedProxyCount: number;
}): string {
  const socket = normaliseAddress(socketAddress) ?? UNKNOWN_ADDRESS;
  if (trustedProxyCount <= 0) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const chain = [...hops, socket];
  const hop = chain[Math.max(0, chain.length - 1 - trustedProxyCount)]!;
  return hop === socket ? socket : (normaliseAddress(hop) ?? UNKNOWN_ADDRESS);
}

/** The headers of an incoming request as Node.js gives them (lower-case names). */
type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * Writes CLIENT_ADDRESS_HEADER on an incoming request, replacing anything the client sent under
 * that name. With no trusted proxy, a client-sent X-Forwarded-For is dropped too, so that Next.js
 * fills it in from the connection and no library downstream believes the client's own list.
 */
export function stampClientAddress(
  req: { headers: IncomingHeaders; socket: { remoteAddress?: string } },
  trustedProxyCount: number,
): string {
  const address = clientAddress({ socketAddress: req.socket.remoteAddress, forwardedFor: req.headers["x-forwarded-for"], trustedProxyCount });
  if (trustedProxyCount <= 0) delete req.headers["x-forwarded-for"];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

/** The address scripts/serve.ts decided for a request, or "unknown" where no such server ran. */
export function stampedClientAddress(headers: { get(name: string): string | null }, env: Record<string, string | undefined> = process.env): string {
  if (env[CLIENT_ADDRESS_STAMPED_ENV] !== "1") return UNKNOWN_ADDRESS;
  return normaliseAddress(headers.get(CLIENT_ADDRESS_HEADER)) ?? UNKNOWN_ADDRESS;
}
