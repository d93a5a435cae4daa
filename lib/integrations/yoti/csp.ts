import { getEnv, type Env } from "@/lib/env";

/**
 * What the portal's pages must allow for the identity check: the director's page frames Yoti's
 * hosted page (or, in development and tests, the local simulator's), and that page uses the camera
 * for the document and liveness captures, so the frame's origin is also granted the camera.
 * Read by proxy.ts for every response's headers.
 */
export function yotiCspSources(env: Env = getEnv()): { frame: string[]; camera: string[] } {
  const origin = new URL(env.yoti.apiUrl).origin;
  return { frame: [origin], camera: [origin] };
}
