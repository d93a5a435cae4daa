import { pgEnum } from "drizzle-orm/pg-core";
import { clientStatusValues, directorStatusValues, fileTypeValues, journeyValues, productTierValues, userTypeValues } from "@/lib/domain/values";

export {
  clientStatusValues,
  directorStatusValues,
  fileTypeValues,
  journeyValues,
  productTierValues,
  userTypeValues,
  type ClientStatus,
  type DirectorStatus,
  type FileType,
  type Journey,
  type ProductTier,
  type UserType,
} from "@/lib/domain/values";

/**
 * The PostgreSQL enum types of the domain's closed value sets. The values themselves are declared in
 * lib/domain/values.ts (re-exported here for server code); the audit types, which only the server
 * writes, are declared here.
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

export const clientStatus = pgEnum("client_status", clientStatusValues);

export const directorStatus = pgEnum("director_status", directorStatusValues);

export const productTier = pgEnum("product_tier", productTierValues);

export const journey = pgEnum("journey", journeyValues);

export const fileType = pgEnum("file_type", fileTypeValues);

export const userType = pgEnum("user_type", userTypeValues);

