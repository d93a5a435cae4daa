import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { securityEvents, type SecurityEventRow } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { SecurityEventQuery } from "@/lib/schemas/audit-query";
import { AppError } from "@/lib/server/app-error";
import type { Pager } from "@/lib/pager";
import { newestFirstPage } from "./newest-first";

/** One page of the security events (sign-ins, sign-outs, denials, rate limits), newest first. */
export async function listSecurityEvents({
  db,
  user,
  query,
}: {
  db: Db;
  user: Principal;
  query: SecurityEventQuery;
}): Promise<{ events: SecurityEventRow[]; pager: Pager }> {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const where = query.event ? eq(securityEvents.event, query.event) : undefined;
  const { rows: events, pager } = await newestFirstPage(db, securityEvents, where, query);
  return { events, pager };
}
