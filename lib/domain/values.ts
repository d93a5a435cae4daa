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

/*
 * The statuses in the order a request or an individual passes through them (docs/domain.md), for
 * every list people read: status tabs and chips with counts, filters and pickers. The values above
 * keep the specification's order, which is also the database enums' (and the kept counts').
 */
export const clientStatusLifecycleOrder = ["PaymentPending", "New", "Onboarding", "InProgress", "Completed"] as const satisfies readonly ClientStatus[];

export const directorStatusLifecycleOrder = [
  "AwaitingIDInfo",
  "IDVLinkExpired",
  "UnderReview",
  "OutstandingIDInfo",
  "Verified",
  "AwaitingAuthCode",
  "Complete",
  "Rejected",
] as const satisfies readonly DirectorStatus[];

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
