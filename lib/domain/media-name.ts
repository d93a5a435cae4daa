/**
 * What each of an identity check's media is, for people ("Passport, front", "Selfie", "Document
 * details") instead of the provider's type and id ("IMAGE media 8fc00437"). Pure: the caller words
 * the result with messages (`clientDetail.director.mediaNames`).
 *
 * Sources (lib/integrations/yoti): `id_document.page` (pages in order: the first is the front, the
 * second the back), `id_document.frame` (extra images of a page), `id_document.fields` (the details
 * read from the document), `id_document.photo` (the photo on the document), `liveness.frame` (the
 * selfie).
 */

export type MediaKind = "documentPage" | "documentImage" | "documentFields" | "documentPhoto" | "selfie" | "other";

export interface MediaName {
  kind: MediaKind;
  /** 1-based position among the media of the same kind (pages: the page number). */
  number: number;
  /** How many media of that kind there are (to leave "1" out when there is only one). */
  of: number;
}

const KINDS: Record<string, MediaKind> = {
  "id_document.page": "documentPage",
  "id_document.frame": "documentImage",
  "id_document.fields": "documentFields",
  "id_document.photo": "documentPhoto",
  "liveness.frame": "selfie",
  liveness: "selfie",
};

export function mediaKind(source: string | null | undefined): MediaKind {
  return (source && KINDS[source]) || "other";
}

/** The name of each medium, in the order given (keep the order they were created in). */
export function mediaNames(media: readonly { source: string | null }[]): MediaName[] {
  const kinds = media.map((m) => mediaKind(m.source));
  const totals = new Map<MediaKind, number>();
  for (const k of kinds) totals.set(k, (totals.get(k) ?? 0) + 1);
  const seen = new Map<MediaKind, number>();
  return kinds.map((kind) => {
    const number = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, number);
    return { kind, number, of: totals.get(kind)! };
  });
}

/** The provider's document type (PASSPORT, DRIVING_LICENCE, ...) as a message key, or "other". */
export function documentTypeKey(type: string | null | undefined): "passport" | "drivingLicence" | "identityCard" | "residencePermit" | "other" {
  switch ((type ?? "").toUpperCase()) {
    case "PASSPORT":
      return "passport";
    case "DRIVING_LICENCE":
    case "DRIVING_LICENSE":
      return "drivingLicence";
    case "NATIONAL_ID":
      return "identityCard";
    case "RESIDENCE_PERMIT":
      return "residencePermit";
    default:
      return "other";
  }
}
