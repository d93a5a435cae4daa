// Each test file starts with an empty job queue. Files that run one after another in a Jest worker
// share its database, and a job one file left queued (an invitation, a reminder) would otherwise
// be worked, and counted, by the next file's `workDueJobs`.
//
// On the embedded database (no PostgreSQL reachable) the queue also has to start before any test
// runs: starting it needs the database's only connection, which a test's transaction sending a job
// would hold. On PostgreSQL it opens itself on first use, on connections of its own, with whatever
// configuration the file has set by then.
import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { startJobQueue } from "@/lib/jobs/queue";

beforeAll(async () => {
  if (!process.env.DATABASE_URL) await startJobQueue({ work: false, name: "tests" });
  const db = await getDb();
  await db.execute(sql`do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`);
});
