import { getDb } from "@/db";
import { checkDatabase } from "@/db/client";

export const dynamic = "force-dynamic";

/** Liveness and readiness for load balancers: 200 "ok" when the database is reachable and migrated. */
export async function GET() {
  let state: Awaited<ReturnType<typeof checkDatabase>>;
  try {
    state = await checkDatabase(await getDb());
  } catch {
    state = { reachable: false, migrationsCurrent: false, pending: -1 };
  }
  const ok = state.reachable && state.migrationsCurrent;
  const body = [
    ok ? "ok" : "unavailable",
    `database: ${state.reachable ? "reachable" : "unreachable"}`,
    `migrations: ${state.migrationsCurrent ? "current" : state.reachable ? `${state.pending} pending` : "unknown"}`,
  ].join("\n");
  return new Response(`${body}\n`, {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
