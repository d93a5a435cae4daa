import type { EvidenceKind } from "./values";

export type { EvidenceKind } from "./values";

/**
 * Which evidence a director asked for more (`OutstandingIDInfo`) must still upload: the kinds a
 * review asked for and not yet given (`evidenceOutstanding`); for a director with none recorded (an
 * override, or data from before kinds were recorded), proof of a change of name when they gave former
 * names (their identity document may carry one of them) and proof of address (the address history is
 * what the document cannot show). Nothing in any other status.
 */
export function evidenceNeeded(director: { status: string; formerNames: unknown; evidenceOutstanding?: readonly EvidenceKind[] | null }): EvidenceKind[] {
  if (director.status !== "OutstandingIDInfo") return [];
  if (director.evidenceOutstanding?.length) return [...director.evidenceOutstanding];
  const hasFormerNames = Array.isArray(director.formerNames) && director.formerNames.length > 0;
  return hasFormerNames ? ["Name", "Address"] : ["Address"];
}
