import "server-only";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clients, directors } from "@/db/schema";

/** What a job is about, read from its payload: a client or an individual (email jobs say so under `about`). */
export interface JobSubjectIds {
  clientId?: number;
  directorId?: number;
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : undefined;
}

export function subjectIdsOf(data: unknown): JobSubjectIds {
  if (typeof data !== "object" || data === null) return {};
  const d = data as Record<string, unknown>;
  const about = typeof d.about === "object" && d.about !== null ? (d.about as Record<string, unknown>) : {};
  const clientId = positiveInt(d.clientId) ?? positiveInt(about.clientId);
  const directorId = positiveInt(d.directorId) ?? positiveInt(about.directorId);
  return { ...(clientId ? { clientId } : {}), ...(directorId ? { directorId } : {}) };
}

export interface JobSubject {
  clientId?: number;
  clientName?: string;
  directorId?: number;
  directorName?: string;
}

/** The names of the clients and individuals that jobs are about, in two queries. */
export async function nameSubjects(db: DbOrTx, ids: JobSubjectIds[]): Promise<(ids: JobSubjectIds) => JobSubject> {
  const clientIds = [...new Set(ids.map((i) => i.clientId).filter((v): v is number => v !== undefined))];
  const directorIds = [...new Set(ids.map((i) => i.directorId).filter((v): v is number => v !== undefined))];
  const clientNames = new Map(
    clientIds.length ? (await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds))).map((c) => [c.id, c.name]) : [],
  );
  const directorNames = new Map(
    directorIds.length ? (await db.select({ id: directors.id, name: directors.name }).from(directors).where(inArray(directors.id, directorIds))).map((d) => [d.id, d.name]) : [],
  );
  return ({ clientId, directorId }) => ({
    ...(clientId ? { clientId, clientName: clientNames.get(clientId) } : {}),
    ...(directorId ? { directorId, directorName: directorNames.get(directorId) } : {}),
  });
}
