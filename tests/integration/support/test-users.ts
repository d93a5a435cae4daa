import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, directors, type Client, type Director } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";

/*
 * Who a test request acts as. With TEST_USER_HEADER_ENABLED (setupTestDb turns it on) the
 * `test-user` header acts as a user; the `api-key` header is the machine client of /api/admin/*.
 */

/** The ADMIN_API_KEY of the integration tests (setupTestDb sets it). */
export const TEST_API_KEY = "integration-admin-api-key-0123456789";

/** Demo accounts (db/seed/demo.ts) the tests act as. */
export const demo = {
  admin: "admin@portal.example",
  /** A second admin, to see what is one admin's and not another's. */
  otherAdmin: "sarah.collins@portal.example",
  /** Olivia Bennett, contact of Hartwell Holdings Ltd. */
  contact: { email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP" },
  /** James Whitaker, a director of Hartwell Holdings Ltd. */
  director: { email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM" },
} as const;

type HeaderMap = Record<string, string>;
type Person = { email: string; reference: string };

/** No credentials at all. */
export const anonymous: HeaderMap = {};

/** Acts as an admin (the demo admin unless given another admin user's email). */
export function asAdmin(email: string = demo.admin): HeaderMap {
  return { "test-user": `Admin:${email}` };
}

/** Acts as the company contact of a client (a client row, or an email and the client's reference). */
export function asContact(who: Person | Pick<Client, "mainContactEmail" | "reference"> = demo.contact): HeaderMap {
  const email = "mainContactEmail" in who ? who.mainContactEmail : who.email;
  return { "test-user": `DV_CompanyContact:${email}:${who.reference}` };
}

/** Acts as a director (a director row, or an email and the director's reference). */
export function asDirector(who: Person | Pick<Director, "email" | "reference"> = demo.director): HeaderMap {
  return { "test-user": `DV_Director:${who.email}:${who.reference}` };
}

/** The machine client's header (the tests' key unless given another, e.g. a wrong one). */
export function withApiKey(key: string = TEST_API_KEY): HeaderMap {
  return { "api-key": key };
}

/** An admin as server functions see them, for calling lib/server directly. */
export function adminPrincipal(email: string = demo.admin): Principal {
  return { type: "Admin", email, via: "test-user" };
}

/** A demo client by its reference. */
export async function demoClient(reference: string): Promise<Client> {
  const [row] = await (await getDb()).select().from(clients).where(eq(clients.reference, reference));
  if (!row) throw new Error(`no demo client ${reference}: did the file seed the demo data?`);
  return row;
}

/** A demo director by their reference. */
export async function demoDirector(reference: string): Promise<Director> {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.reference, reference));
  if (!row) throw new Error(`no demo director ${reference}: did the file seed the demo data?`);
  return row;
}
