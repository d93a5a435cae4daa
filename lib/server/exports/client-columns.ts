import "server-only";
import { clients } from "@/db/schema";
import { isoTime } from "./select-list";
import { staffExportColumns } from "./staff-csv-export";

/**
 * The columns of the client export, in order: every client field of docs/domain.md that is not a secret
 * (never `paymentSessionSecret`), including `directorCount` (kept by triggers). Each column's header
 * is in words (messages `exports.clientColumns`); amounts are in pounds (the header says "(£)"),
 * statuses, tiers and journeys by their labels, yes/no in words, and times ISO 8601 UTC (the header
 * says "(UTC)"). Listed one by one on purpose: a column added to the table later is not exported
 * until added here (and to the messages). The record history ends the list (staffExportColumns);
 * then how the columns that are not written as stored are written.
 */
export const clientExport = staffExportColumns(
  clients,
  {
    id: clients.id,
    name: clients.name,
    reference: clients.reference,
    sageId: clients.sageId,
    companyId: clients.companyId,
    customerCode: clients.customerCode,
    status: clients.status,
    productTier: clients.productTier,
    journey: clients.journey,
    owner: clients.owner,
    directorCount: clients.directorCount,
    mainContactFirstName: clients.mainContactFirstName,
    mainContactLastName: clients.mainContactLastName,
    mainContactEmail: clients.mainContactEmail,
    mainContactTelephone: clients.mainContactTelephone,
    unitPrice: clients.unitPrice,
    standardUnitPrice: clients.standardUnitPrice,
    fullPrice: clients.fullPrice,
    standardFullPrice: clients.standardFullPrice,
    vatExempt: clients.vatExempt,
    vatNumber: clients.vatNumber,
    purchaseOrderInfo: clients.purchaseOrderInfo,
    paid: clients.paid,
    paidAt: isoTime(clients.paidAt),
    paymentSessionId: clients.paymentSessionId,
    sageInvoiceNumber: clients.sageInvoiceNumber,
    inKantata: clients.inKantata,
    kantataReference: clients.kantataReference,
    reminderCount: clients.reminderCount,
    lastReminderDate: isoTime(clients.lastReminderDate),
    billingEntityName: clients.billingEntityName,
    billingAddressLine1: clients.billingAddressLine1,
    billingAddressLine2: clients.billingAddressLine2,
    billingAddressCity: clients.billingAddressCity,
    billingAddressState: clients.billingAddressState,
    billingAddressPostCode: clients.billingAddressPostCode,
    billingAddressCountry: clients.billingAddressCountry,
    accountPayableContactFirstName: clients.accountPayableContactFirstName,
    accountPayableContactLastName: clients.accountPayableContactLastName,
    accountPayableContactEmail: clients.accountPayableContactEmail,
    accountPayableContactTelephone: clients.accountPayableContactTelephone,
    notes: clients.notes,
  },
  {
    status: "label",
    productTier: "label",
    journey: "label",
    unitPrice: "money",
    standardUnitPrice: "money",
    fullPrice: "money",
    standardFullPrice: "money",
    vatExempt: "yesNo",
    paid: "yesNo",
    inKantata: "yesNo",
  },
);
