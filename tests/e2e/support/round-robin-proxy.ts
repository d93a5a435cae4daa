import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/*
 * A small reverse proxy that hands each request to the next of several portal servers in turn, as
 * a load balancer in front of N instances does (docs/operations.md, "Running several instances").
 * It adds the connecting client's address to X-Forwarded-For, as one trusted proxy hop
 * (TRUSTED_PROXY_COUNT=1, lib/client-address.ts), passes the Host the client asked for, and says
 * which server answered in X-Served-By (the index in `upstreams`), so that a test can tell that its
 * requests really alternated.
 *
 * Requests that `mirror` picks (the providers' webhooks) go to every server at once instead, with
 * the same bytes and headers, as a provider retrying against a load balancer, or two data centres
 * each receiving the event, would deliver it; the caller gets the first 2xx answer (else the first
 * answer), and every server's answer is kept in `mirrored`. Only for tests: no upgrade (WebSocket)
 * support, no retries.
 */

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Requests handed to each upstream so far, by index (a mirrored request counts for each). */
  served: number[];
  /** Every mirrored request, oldest first, with each server's answer. */
  mirrored: MirroredRequest[];
  close(): Promise<void>;
}

export interface MirroredRequest {
  method: string;
  path: string;
  body: string;
  /** One per upstream, in the order of `upstreams`, the body decoded; status null when the server could not be reached. */
  answers: { upstream: number; status: number | null; body: string }[];
}

export const SERVED_BY_HEADER = "x-served-by";

/** Headers that belong to one connection, not to the request, and are not passed on (RFC 9110 §7.6.1). */
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "proxy-authorization", "proxy-authenticate"]);

/** A body as its Content-Encoding left it, decoded to text. */
function decoded(body: Buffer, encoding: string | undefined): string {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return zlib.gunzipSync(body).toString("utf8");
    case "br":
      return zlib.brotliDecompressSync(body).toString("utf8");
    case "deflate":
      return zlib.inflateSync(body).toString("utf8");
    default:
      return body.toString("utf8");
  }
}

function passOn(headers: IncomingMessage["headers"]): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  const named = String(headers.connection ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name) || named.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

export async function startRoundRobinProxy({
  upstreams,
  port = 0,
  localAddress,
  mirror = () => false,
}: {
  /** The servers' origins, e.g. http://127.0.0.1:3501. */
  upstreams: readonly string[];
  port?: number;
  /**
   * The address the proxy connects to the servers from (e.g. 127.0.0.2), so that the servers see a
   * peer other than the client's own address and the client address can only come from the
   * forwarded header.
   */
  localAddress?: string;
  /** Which requests go to every server at once (see above). */
  mirror?: (req: IncomingMessage) => boolean;
}): Promise<RoundRobinProxy> {
  if (!upstreams.length) throw new Error("no upstream servers");
  const targets = upstreams.map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, ...(localAddress ? { localAddress } : {}) });
  const served = upstreams.map(() => 0);
  const mirrored: MirroredRequest[] = [];
  let next = 0;

  /** The request's headers as passed on: one more X-Forwarded-For hop, the client's Host named. */
  function forwardedHeaders(req: IncomingMessage): http.OutgoingHttpHeaders {
    const headers = passOn(req.headers);
    const peer = req.socket.remoteAddress ?? "";
    const forwarded = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${peer}` : peer;
    headers["x-forwarded-proto"] = "http";
    if (req.headers.host) headers["x-forwarded-host"] = req.headers.host;
    return headers;
  }

  /** Sends one buffered request to one server and reads its whole answer. */
  function sendTo(index: number, req: IncomingMessage, headers: http.OutgoingHttpHeaders, body: Buffer) {
    const target = targets[index]!;
    return new Promise<{ status: number | null; headers: http.IncomingHttpHeaders; body: Buffer; error?: string }>((resolve) => {
      const upstream = http.request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headers, "content-length": body.length }, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => resolve({ status: answer.statusCode ?? null, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on("error", (err) => resolve({ status: null, headers: {}, body: Buffer.alloc(0), error: err.message }));
      });
      upstream.on("error", (err) => resolve({ status: null, headers: {}, body: Buffer.alloc(0), error: err.message }));
      upstream.end(body);
    });
  }

  async function mirrorRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = forwardedHeaders(req);
    targets.forEach((_, i) => served[i]!++);
    const answers = await Promise.all(targets.map((_, i) => sendTo(i, req, headers, body)));
    mirrored.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      body: body.toString("utf8"),
      answers: answers.map((a, i) => ({ upstream: i, status: a.status, body: a.error ?? decoded(a.body, a.headers["content-encoding"]) })),
    });
    const chosen = Math.max(0, answers.findIndex((a) => a.status !== null && a.status >= 200 && a.status < 300));
    const answer = answers[chosen]!;
    if (answer.status === null) {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      return void res.end(answer.error);
    }
    const back = passOn(answer.headers);
    delete back["content-length"];
    back[SERVED_BY_HEADER] = answers.map((_, i) => i).join(",");
    res.writeHead(answer.status, { ...back, "content-length": answer.body.length });
    res.end(answer.body);
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    if (mirror(req)) {
      mirrorRequest(req, res).catch((err: Error) => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end(err.message);
      });
      return;
    }
    const index = next;
    next = (next + 1) % targets.length;
    served[index]!++;
    const target = targets[index]!;
    const headers = forwardedHeaders(req);

    const upstream = http.request(
      { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back = passOn(answer.headers);
        back[SERVED_BY_HEADER] = String(index);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
        answer.pipe(res);
      },
    );
    upstream.on("error", (err) => {
      if (res.headersSent) return void res.destroy(err);
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8", [SERVED_BY_HEADER]: String(index) });
      res.end(`upstream ${target.origin}: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    served,
    mirrored,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
