import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { stampClientAddress } from "../../lib/client-address";
import { log as processLog } from "../../lib/log";
import { requestLogging } from "../../lib/log/request-logging";

/**
 * What the portal's server (scripts/serve.ts) does with each request before and around Next.js's
 * handler, as a function that tests call in-process with a handler of their own: decide the client
 * address (lib/client-address.ts), give the request its id and log it (lib/log/request-logging.ts),
 * then hand it over, answering 500 if the handler itself fails.
 */
export function portalRequestListener({
  handle,
  trustedProxyCount,
  logger = processLog,
}: {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;
  trustedProxyCount: number;
  logger?: Logger;
}) {
  const logRequest = requestLogging({ trustedProxyCount, logger });
  return (req: IncomingMessage, res: ServerResponse) => {
    stampClientAddress(req, trustedProxyCount);
    void logRequest(req, res, () =>
      handle(req, res).catch((err: unknown) => {
        logger.error({ err }, "[serve] request failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end();
      }),
    );
  };
}
