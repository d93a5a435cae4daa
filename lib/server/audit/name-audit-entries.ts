import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors, users, type AuditEntry } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** An audit entry with the names its sentence uses (lib/domain/audit-sentence.ts), when known. */
export type NamedAuditEntry = AuditEntry & { actorName: string | null; entityName: string | null; clientName: string | null };

/**
 * Adds to each entry the name of who did it (a staff member's display name, a company contact's or
 * an individual's name, found by the email recorded as the actor) and of the client or individual
 * it is about (and of its client), so the entry can be read as a sentence. Reads only; the entries are not changed.
 * Three small queries whatever the number of entries.
 */
export async function nameAuditEntries({ db, user, entries }: { db: DbOrTx; user: Principal; entries: readonly AuditEntry[] }): Promise<NamedAuditEntry[]> {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  if (!entries.length) return [];
  const emails = [...new Set(entries.map((e) => e.user?.toLowerCase()).filter((u): u is string => !!u && u.includes("@")))];
  const ids = (type: string) => [...new Set(entries.filter((e) => e.entityType === type && e.entityId && /^\d{1,9}$/.test(e.entityId)).map((e) => Number(e.entityId)))];
  const clientIds = [...new Set([...ids("Client"), ...entries.map((e) => e.clientId).filter((id): id is number => id !== null)])];
  const directorIds = ids("Director");

  const [staff, people, contacts, clientRows, directorRows] = await Promise.all([
    emails.length ? db.select({ email: users.email, name: users.displayName }).from(users).where(inArray(sql`lower(${users.email})`, emails)) : [],
    emails.length ? db.select({ email: directors.email, name: directors.name }).from(directors).where(inArray(sql`lower(${directors.email})`, emails)) : [],
    emails.length
      ? db
          .select({ email: clients.mainContactEmail, first: clients.mainContactFirstName, last: clients.mainContactLastName })
          .from(clients)
          .where(inArray(sql`lower(${clients.mainContactEmail})`, emails))
      : [],
    clientIds.length ? db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds)) : [],
    directorIds.length ? db.select({ id: directors.id, name: directors.name }).from(directors).where(inArray(directors.id, directorIds)) : [],
  ]);

  // Staff first, then contacts, then individuals: an email used in two roles reads as the first.
  const actors = new Map<string, string>();
  const add = (email: string | null, name: string | null | undefined) => {
    const key = email?.toLowerCase();
    if (key && name?.trim() && !actors.has(key)) actors.set(key, name.trim());
  };
  for (const s of staff) add(s.email, s.name);
  for (const c of contacts) add(c.email, [c.first, c.last].filter(Boolean).join(" "));
  for (const p of people) add(p.email, p.name);
  const entities = new Map<string, string>([...clientRows.map((c) => [`Client:${c.id}`, c.name] as const), ...directorRows.map((d) => [`Director:${d.id}`, d.name] as const)]);

  return entries.map((e) => ({
    ...e,
    actorName: (e.user && actors.get(e.user.toLowerCase())) ?? null,
    entityName: entities.get(`${e.entityType}:${e.entityId}`) ?? null,
    clientName: e.clientId === null ? null : (entities.get(`Client:${e.clientId}`) ?? null),
  }));
}
