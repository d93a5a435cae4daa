/**
 * The credentials the local Sage simulator issues and the portal uses against it (development and
 * tests only). Production configuration refuses them, so a deployment cannot be pointed at the
 * simulator by copying a development environment.
 */
export const SAGE_DEV_CREDENTIALS = {
  clientId: "sage-simulator-client",
  clientSecret: "sage-simulator-secret",
  /** The first refresh token; the simulator rotates it on every use, like Sage. */
  refreshToken: "sage-simulator-initial-refresh-token",
} as const;

export const SAGE_SIMULATOR_DEFAULT_PORT = 4030;
