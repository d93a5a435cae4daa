import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { getCompaniesHouse, type CompaniesHouseClient } from "@/lib/integrations/companies-house";
import { AppError } from "@/lib/server/app-error";
import { auditFieldChanges, type FieldChange } from "@/lib/server/clients/audit-field-changes";

export type RegisterRefreshOutcome =
  /** Found on the register; its status, type and confirmation statement date are stored. */
  | "updated"
  /** The register has no such company (or the client's company number cannot be one): the register columns are cleared. */
  | "not_found"
  /** Nothing to look up: the client has no company number, or is deleted. */
  | "skipped";

export interface RegisterRefresh {
  outcome: RegisterRefreshOutcome;
  /** The register columns whose value changed ("companyStatus", "companyType", "confirmationStatementDue"). */
  changed: string[];
}

const REGISTER_FIELDS = ["companyStatus", "companyType", "confirmationStatementDue"] as const;

/**
 * Fills a client's register columns (status, company type, the date the next confirmation
 * statement is due) from its Companies House profile, found by the client's company number, and
 * stamps `registerCheckedAt`. Run by the nightly `companies-house.refresh-register` job and
 * `npm run companies-house:sync` (as "system"), or by an admin. Each value that changes is audited
 * (ClientModified, "Changed companyStatus", ...); a refresh that changes nothing only moves
 * `registerCheckedAt` and leaves `updatedAt` alone.
 *
 * The register is asked before the client row is locked, so no lock is held across the request
 * (which may wait for the rate budget). A Companies House failure is thrown as it is
 * (CompaniesHouseError) and changes nothing.
 */
export async function refreshClientRegister({
  db,
  user,
  clientId,
  companiesHouse = getCompaniesHouse({ background: user === "system" }),
  maxAgeSeconds,
  now = new Date(),
}: {
  db: Db;
  /** An admin, or "system" for the scheduled refresh and the operator's command. */
  user: Principal | "system";
  clientId: number;
  companiesHouse?: CompaniesHouseClient;
  /** How old a cached profile may be (default: COMPANIES_HOUSE_CACHE_SECONDS). */
  maxAgeSeconds?: number;
  now?: Date;
}): Promise<RegisterRefresh> {
  if (user !== "system" && !can(user.type, "admin.clients.update")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(clientId) || clientId < 1) throw new AppError("not_found");
  const actor = user === "system" ? "system" : actorOf(user);

  const [client] = await db.select({ companyId: clients.companyId, isDeleted: clients.isDeleted }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new AppError("not_found");
  const companyNumber = client.companyId?.trim();
  if (client.isDeleted || !companyNumber) return { outcome: "skipped", changed: [] };

  const profile = await companiesHouse.getCompanyProfile(companyNumber, maxAgeSeconds === undefined ? undefined : { maxAgeSeconds });
  const found = {
    companyStatus: profile?.status || null,
    companyType: profile?.type || null,
    confirmationStatementDue: profile?.confirmationStatementNextDue ?? null,
  };

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        companyId: clients.companyId,
        isDeleted: clients.isDeleted,
        updatedAt: clients.updatedAt,
        companyStatus: clients.companyStatus,
        companyType: clients.companyType,
        confirmationStatementDue: clients.confirmationStatementDue,
      })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    // Changed while the register was asked: the answer is about another number, or no longer wanted.
    if (!current || current.isDeleted || current.companyId?.trim() !== companyNumber) return { outcome: "skipped" as const, changed: [] };

    const changes: FieldChange[] = REGISTER_FIELDS.filter((f) => current[f] !== found[f]).map((f) => ({ field: f, from: current[f], to: found[f] }));
    await tx
      .update(clients)
      .set(changes.length ? { ...found, registerCheckedAt: now, updatedAt: now, updatedBy: actor } : { registerCheckedAt: now, updatedAt: current.updatedAt })
      .where(eq(clients.id, clientId));
    await auditFieldChanges(tx, { clientId, actor, at: now, changes });
    return { outcome: profile ? ("updated" as const) : ("not_found" as const), changed: changes.map((c) => c.field) };
  });
}
