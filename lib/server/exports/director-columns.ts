import "server-only";
import { clients, directors } from "@/db/schema";
import { dateText, isoTime } from "./select-list";
import { staffExportColumns } from "./staff-csv-export";

/**
 * The columns of the director (individual) export, in order: the director's fields of docs/domain.md and
 * the client's name, reference, sageId and productTier. Never `sessionToken`, nor `sessionUrl`
 * (the provider's link carries the session token). Each column's header is in words (messages
 * `exports.directorColumns`); amounts are in pounds (the header says "(£)"), statuses and tiers by
 * their labels, yes/no in words, times ISO 8601 UTC (the header says "(UTC)"), dates `YYYY-MM-DD`;
 * `formerNames` is a "; "-separated list.
 * Listed one by one on purpose: a column added to the table later is not exported until added here.
 * The record history ends the list (staffExportColumns); then how the columns that are not written
 * as stored are written.
 */
export const directorExport = staffExportColumns(
  directors,
  {
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
  },
  {
    clientProductTier: "label",
    status: "label",
    statusOriginal: "label",
    statusOverride: "label",
    yotiLinkClicked: "yesNo",
    priceOverride: "money",
  },
);
