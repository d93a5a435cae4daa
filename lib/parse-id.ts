/** The largest id a PostgreSQL `integer` column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A record id from a path segment or query value: a positive integer written plainly (digits only,
 * no sign, no leading zero, no spaces) that fits the database's integer ids; anything else is null,
 * which routes and pages answer with 404, the record cannot exist.
 */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
