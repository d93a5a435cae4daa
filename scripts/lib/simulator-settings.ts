/*
 * What a simulator script (scripts/simulators/*.ts) reads from its environment: the port, and the
 * credentials it accepts, the development ones unless the variables name others.
 */

/** The port: SIMULATOR_PORT (`npm start` sets it), else the simulator's own default. */
export function simulatorPort(defaultPort: number): number {
  return Number(process.env.SIMULATOR_PORT || defaultPort);
}

/** Each credential from its variable (`variables`: credential → variable name), else `dev`'s. */
export function credentialsFromEnv<K extends string>(
  variables: Record<K, string>,
  dev: Record<K, string>,
): Record<K, string> {
  const keys = Object.keys(variables) as K[];
  const values = keys.map((key) => [key, process.env[variables[key]] || dev[key]]);
  return Object.fromEntries(values) as Record<K, string>;
}
