// Applies the admin search's read model (the .sql files beside this one, in name order) after the
// migrations: from db/client.ts (npm run db:migrate, npm start, the embedded database) and from
// tests/setup/test-databases.mjs (the test and benchmark databases). Plain JavaScript so that both
// can use it without a compiler.
//
// The files are applied in one transaction when their text differs from what the database last
// applied, which search_read_model_version() returns (created last, in the same transaction): a
// database already current is only read, so a process of the application's own role, which may
// not create functions, opens it as long as nothing changed.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const readModelFolder = path.join(process.cwd(), "db", "search");

/** The read model's SQL, in file order, and a hash of it. */
export function readModelSql(folder = readModelFolder) {
  // Not followed by the build's file tracing (it would take the whole project in): next.config.ts
  // names db/search/ for the output itself.
  const files = fs.readdirSync(/* turbopackIgnore: true */ folder).filter((f) => f.endsWith(".sql")).sort();
  const text = files.map((f) => `-- db/search/${f}\n${fs.readFileSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ folder, f), "utf8")}`).join("\n");
  const version = crypto.createHash("sha256").update(text).digest("hex").slice(0, 32);
  return { files, text, version };
}

/** The version the database last applied, or null (never, or the function is missing). */
export async function appliedReadModelVersion(query) {
  try {
    const rows = await query("select search_read_model_version() as v");
    return rows[0]?.v ?? null;
  } catch {
    return null;
  }
}

/**
 * Applies the read model unless the database has this version already (or always, with `force`).
 * `query(text)` runs one statement and resolves to its rows; `exec(text)` runs a script of several
 * statements (the simple query protocol). Returns whether it applied.
 */
export async function applyReadModel({ query, exec, force = false, folder = readModelFolder }) {
  const { text, version } = readModelSql(folder);
  if (!force && (await appliedReadModelVersion(query)) === version) return false;
  await exec(`BEGIN;
${text}
CREATE OR REPLACE FUNCTION search_read_model_version() RETURNS text LANGUAGE sql IMMUTABLE AS $v$ SELECT '${version}'::text $v$;
COMMIT;`).catch(async (err) => {
    await exec("ROLLBACK").catch(() => undefined);
    throw err;
  });
  return true;
}
