import type http from "node:http";
import type { AddressInfo } from "node:net";

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
