// An outside service the portal talks to for real, or, outside production, through its local
// simulator: what the integrations' parts of the configuration (lib/integrations/*/config.ts)
// decide alike.

/** The adapter's configuration, knowing which of the two it talks to. */
export interface SimulatedServiceConfig {
  /** True when these are the local simulator's development values. */
  simulator: boolean;
}

/**
 * The credential to use (the configured one, else the simulator's development one), whether that
 * is the simulator's, and where the service is: the configured address, else the simulator's with
 * the development credential and the real service's with any other.
 */
export function simulatedService(
  credential: string | undefined,
  devCredential: string,
  url: string | undefined,
  defaults: { simulator: string; production: string },
): { credential: string; simulator: boolean; url: string } {
  const chosen = credential ?? devCredential;
  const simulator = chosen === devCredential;
  const where = url ?? (simulator ? defaults.simulator : defaults.production);
  return { credential: chosen, simulator, url: where };
}
