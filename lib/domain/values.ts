/**
 * Closed value sets of the domain (docs/domain.md): declared here, once, as readonly tuples. The
 * database enums (db/schema/enums.ts), zod schemas, option lists and browser components all import
 * them from here, so a browser bundle never pulls in database code to know a status.
 * The order of the values is the order of the specification.
 */

export const clientStatusValues = ["New", "InProgress", "Completed", "Onboarding", "PaymentPending"] as const;
export type ClientStatus = (typeof clientStatusValues)[number];

export const directorStatusValues = [
  "AwaitingIDInfo",
  "Verified",
  "UnderReview",
  "OutstandingIDInfo",
  "IDVLinkExpired",
  "AwaitingAuthCode",
  "Complete",
  "Rejected",
] as const;
export type DirectorStatus = (typeof directorStatusValues)[number];

export const productTierValues = ["Managed", "OneOff"] as const;
export type ProductTier = (typeof productTierValues)[number];

export const journeyValues = ["Existing", "PayByCard", "PayByInvoice"] as const;
export type Journey = (typeof journeyValues)[number];

export const fileTypeValues = ["Name", "Address", "YotiId", "YotiAddress"] as const;
export type FileType = (typeof fileTypeValues)[number];

/** The kinds of evidence a director uploads themselves (proof of a change of name, of address). */
export const evidenceKindValues = ["Name", "Address"] as const;
export type EvidenceKind = (typeof evidenceKindValues)[number];

export const userTypeValues = ["DV_CompanyContact", "DV_Director", "Admin"] as const;
export type UserType = (typeof userTypeValues)[number];
