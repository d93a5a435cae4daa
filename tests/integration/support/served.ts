import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

/**
 * The response headers Next.js sends for a route behind proxy.ts: the proxy's headers are set
 * first, and a header of the route's own response is added only where the proxy set none
 * (next/dist/server/send-response.js; set-cookie, vary and the like may repeat). Next.js's
 * internal `x-middleware-*` headers are left out. `path` is the request's path, as the proxy sees it.
 */
export function servedHeaders(path: string, routeResponse: Response): Headers {
  const fromProxy = proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { "user-agent": "jest" } }));
  const served = new Headers();
  fromProxy.headers.forEach((value, name) => {
    if (!name.startsWith("x-middleware-")) served.set(name, value);
  });
  const repeatable = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);
  routeResponse.headers.forEach((value, name) => {
    if (repeatable.has(name) || !served.has(name)) served.append(name, value);
  });
  return served;
}
