/** The kinds of evidence a director may upload. */
export type EvidenceKind = "Name" | "Address";

/**
 * Which evidence a director asked for more (`OutstandingIDInfo`) must upload: proof of a change of
 * name when they gave former names (their identity document may carry one of them), and proof of
 * address (the address history is what the document cannot show). Nothing in any other status.
 */
export function evidenceNeeded(director: { status: string; formerNames: unknown }): EvidenceKind[] {
  if (director.status !== "OutstandingIDInfo") return [];
  const hasFormerNames = Array.isArray(director.formerNames) && director.formerNames.length > 0;
  return hasFormerNames ? ["Name", "Address"] : ["Address"];
}
