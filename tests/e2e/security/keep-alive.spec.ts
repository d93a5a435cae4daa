import http from "node:http";
import { expect, test } from "@playwright/test";
import { portalPort } from "../support/fixtures";

// The portal's server (scripts/serve.ts) keeps an idle keep-alive connection open for 65 s, not
// Node's 5 s: a client that sends on a connection just as the server closes it gets a reset (a
// test's request context did, once, in CI; a reverse proxy answers 502). Over real HTTP against
// the portal as it is served.

/** GETs `path` through `agent`; whether the request went out on a connection already used. */
function get(agent: http.Agent, path: string): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: portalPort(), path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, reusedSocket: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

test("[PUBLIC] a keep-alive connection left idle for 6 s is still open and carries the next request", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, "/login");
    expect(first).toEqual({ status: 200, reusedSocket: false });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // With Node's default keepAliveTimeout (5 s) the server would have closed it: a new connection.
    expect(await get(agent, "/login")).toEqual({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
});
