import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directorMedia, personLinks, type Director } from "@/db/schema";
import { birthMonthOf, type BirthMonth } from "@/lib/domain/register-match";

/** The person an identity check verified, as the register check compares them. */
export interface VerifiedDetails {
  /** The full name read from the document; else the individual's own (`from` "details"); null: none. */
  name: string | null;
  from: "document" | "details";
  /** Month and year of birth read from the document; null when it gave none. */
  dateOfBirth: BirthMonth | null;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() && v.length <= 300 ? v.trim() : null);

/** The name and date of birth of one stored document (the provider's fields, in either spelling). */
function documentPerson(content: unknown): { name: string | null; dateOfBirth: string | null } | null {
  if (!content || typeof content !== "object" || Array.isArray(content)) return null;
  const c = content as Record<string, unknown>;
  const person = { name: text(c.fullName ?? c.full_name), dateOfBirth: text(c.dateOfBirth ?? c.date_of_birth) };
  return person.name || person.dateOfBirth ? person : null;
}

/**
 * What the identity check read from the individual's document: the name and date of birth of the
 * document fields stored with their newest session (apply-yoti-session.ts keeps them on the
 * `id_document.fields` media row, one document or a list). A check that read no name leaves the
 * name the individual gave (`from` "details") so the register can still be compared with. A record
 * verified through another record of the same person (person_links) has that record's document.
 */
export async function verifiedDetailsOf(db: DbOrTx, director: Pick<Director, "id" | "name" | "firstName" | "lastName">): Promise<VerifiedDetails> {
  const documentsOf = (directorId: number) =>
    db
      .select({ jsonContent: directorMedia.jsonContent })
      .from(directorMedia)
      .where(and(eq(directorMedia.directorId, directorId), isNotNull(directorMedia.jsonContent)))
      .orderBy(desc(directorMedia.created), desc(directorMedia.id))
      .limit(20);
  let rows = await documentsOf(director.id);
  if (!rows.length) {
    // A record verified through another record of the same person: that record's document.
    const [link] = await db.select({ linkedDirectorId: personLinks.linkedDirectorId }).from(personLinks).where(eq(personLinks.directorId, director.id));
    if (link) rows = await documentsOf(link.linkedDirectorId);
  }
  for (const row of rows) {
    const documents = (Array.isArray(row.jsonContent) ? row.jsonContent : [row.jsonContent]).map(documentPerson).filter((d) => d !== null);
    const found = documents.find((d) => d.name) ?? documents[0];
    if (found?.name) return { name: found.name, from: "document", dateOfBirth: birthMonthOf(found.dateOfBirth) };
    if (found) return { ...ownName(director), dateOfBirth: birthMonthOf(found.dateOfBirth) };
  }
  return { ...ownName(director), dateOfBirth: null };
}

function ownName(director: Pick<Director, "name" | "firstName" | "lastName">): { name: string | null; from: "details" } {
  const given = [director.firstName, director.lastName].filter((p) => p?.trim()).join(" ");
  return { name: given || text(director.name), from: "details" };
}
