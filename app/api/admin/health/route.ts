import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { checkDatabase } from "@/db/client";
import { route } from "@/lib/route";

export const dynamic = "force-dynamic";

/**
 * Liveness and readiness for load balancers: 200 "ok" when the database is reachable and migrated,
 * else 503 with what is wrong, as text either way (so the database is opened here, not by the wrapper).
 * `?probe=live` asks only whether the database answers (one `select 1`): the cheapest check, for a
 * liveness probe polled often, and the benchmark's "one round trip" route.
 */
export const GET = route({ auth: "public", db: false }, async ({ request }) => {
  if (new URL(request.url).searchParams.get("probe") === "live") {
    let reachable = true;
    try {
      await (await getDb()).execute(sql`select 1`);
    } catch {
      reachable = false;
    }
    return new Response(reachable ? "ok\n" : "unavailable\n", { status: reachable ? 200 : 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
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
  return new Response(`${body}\n`, { status: ok ? 200 : 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
});
