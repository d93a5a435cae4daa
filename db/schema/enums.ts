import { pgEnum } from "drizzle-orm/pg-core";

/**
 * Closed value sets of the domain (docs/domain.md). Each enum is exported twice: as a readonly tuple of
 * its values (for zod schemas, option lists and tests) and as a PostgreSQL enum type.
 * The order of the values is the order of the specification.
 */

export const auditTypeValues = [
  "DirectorModified",
  "DirectorDeleted",
  "DirectorCreated",
  "DirectorError",
  "ClientCreated",
  "ClientDeleted",
  "ClientError",
  "ClientModified",
  "YotiError",
  "YotiCompleted",
  "Email",
  "EmailError",
  "Notification",
  "YotiLinkClicked",
  "PaymentSessionCreated",
  "PaymentSessionCreationError",
  "ClientPaymentSuccessful",
  "SageSuccess",
  "SageError",
] as const;
export type AuditType = (typeof auditTypeValues)[number];
export const auditType = pgEnum("audit_type", auditTypeValues);

export const clientStatusValues = ["New", "InProgress", "Completed", "Onboarding", "PaymentPending"] as const;
export type ClientStatus = (typeof clientStatusValues)[number];
export const clientStatus = pgEnum("client_status", clientStatusValues);

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
export const directorStatus = pgEnum("director_status", directorStatusValues);

export const productTierValues = ["Managed", "OneOff"] as const;
export type ProductTier = (typeof productTierValues)[number];
export const productTier = pgEnum("product_tier", productTierValues);

export const journeyValues = ["Existing", "PayByCard", "PayByInvoice"] as const;
export type Journey = (typeof journeyValues)[number];
export const journey = pgEnum("journey", journeyValues);

export const fileTypeValues = ["Name", "Address", "YotiId", "YotiAddress"] as const;
export type FileType = (typeof fileTypeValues)[number];
export const fileType = pgEnum("file_type", fileTypeValues);

export const userTypeValues = ["DV_CompanyContact", "DV_Director", "Admin"] as const;
export type UserType = (typeof userTypeValues)[number];
export const userType = pgEnum("user_type", userTypeValues);

