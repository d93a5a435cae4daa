import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../html/escape";

/**
 * The simulators' HTTP plumbing, shared by all of them: listen on the loopback interface (port 0 =
 * any free port, for tests) and answer the port and origin; and stop, cutting kept-alive
 * connections so a test's clean-up does not wait for them to time out.
 */
export function listenOnLoopback(server: http.Server, port = 0, host = "127.0.0.1"): Promise<{ port: number; origin: string }> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({ port: actual, origin: `http://${host}:${actual}` });
    });
  });
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Starts a simulator made by its `createXSimulator` (`sim`, whose `handle` answers each request) on
 * `port` (0 = any free port) of the loopback interface: the simulator, its port and origin, and `close`.
 */
export async function serveSimulator<S extends { handle(req: http.IncomingMessage, res: http.ServerResponse): void }>(sim: S, port?: number, host?: string) {
  const server = http.createServer((req, res) => sim.handle(req, res));
  const listening = await listenOnLoopback(server, port, host);
  return { sim, ...listening, close: () => closeServer(server) };
}

/** A request's body as text; past `limit` bytes, `tooLarge()` is thrown instead. */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024, tooLarge = () => new Error("body too large")): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(html);
}

/**
 * A simulator's page: one self-contained HTML document (no scripts, no outside assets), its styles
 * inline and a `banner` (a paragraph) saying that it is a simulation, above the `body`.
 */
export function simulatorPage(title: string, style: string, banner: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${banner}
${body}
</main>
</body>
</html>`;
}
