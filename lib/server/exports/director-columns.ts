import "server-only";
import { clients, directors } from "@/db/schema";
import { dateText, isoTime, type ExportColumns } from "./select-list";

/**
 * The columns of the director (individual) export, in order: the director's fields of docs/domain.md and
 * the client's name, reference, sageId and productTier. Never `sessionToken`, nor `sessionUrl`
 * (the provider's link carries the session token). Headers are the field names; money is integer
 * pence; times are ISO 8601 UTC; `formerNames` is a "; "-separated list.
 * Listed one by one on purpose: a column added to the table later is not exported until added here.
 */
export const directorExportColumns: ExportColumns = {
  id: directors.id,
  clientId: directors.clientId,
  clientName: clients.name,
  clientReference: clients.reference,
  clientSageId: clients.sageId,
  clientProductTier: clients.productTier,
  name: directors.name,
  firstName: directors.firstName,
  lastName: directors.lastName,
  email: directors.email,
  reference: directors.reference,
  status: directors.status,
  statusOriginal: directors.statusOriginal,
  statusOverride: directors.statusOverride,
  statusOverrideReason: directors.statusOverrideReason,
  idvNumber: directors.idvNumber,
  companiesHouseCode: directors.companiesHouseCode,
  companiesHouseCodeReceivedAt: isoTime(directors.companiesHouseCodeReceivedAt),
  dateToCompaniesHouse: dateText(directors.dateToCompaniesHouse),
  verificationCompletedAt: isoTime(directors.verificationCompletedAt),
  currentAddressStartDate: dateText(directors.currentAddressStartDate),
  addressLine1: directors.addressLine1,
  addressLine2: directors.addressLine2,
  addressLine3: directors.addressLine3,
  city: directors.city,
  state: directors.state,
  postcode: directors.postcode,
  country: directors.country,
  formerNames: directors.formerNames,
  sessionID: directors.sessionID,
  sessionExpiry: isoTime(directors.sessionExpiry),
  yotiLinkClicked: directors.yotiLinkClicked,
  reminderCount: directors.reminderCount,
  lastReminderDate: isoTime(directors.lastReminderDate),
  idvReminderCount: directors.idvReminderCount,
  lastIDVReminderDate: isoTime(directors.lastIDVReminderDate),
  priceOverride: directors.priceOverride,
  priceOverrideReason: directors.priceOverrideReason,
  evidenceDeletedAt: isoTime(directors.evidenceDeletedAt),
  isDeleted: directors.isDeleted,
  deleteReason: directors.deleteReason,
  deletedAt: isoTime(directors.deletedAt),
  deletedBy: directors.deletedBy,
  createdAt: isoTime(directors.createdAt),
  createdBy: directors.createdBy,
  updatedAt: isoTime(directors.updatedAt),
  updatedBy: directors.updatedBy,
};

export const directorExportHeader = Object.keys(directorExportColumns);
