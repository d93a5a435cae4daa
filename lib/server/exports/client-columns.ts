import "server-only";
import { clients } from "@/db/schema";
import { isoTime, type ExportColumns } from "./select-list";

/**
 * The columns of the client export, in order: every client field of docs/domain.md that is not a secret
 * (never `paymentSessionSecret`), including `directorCount` (kept by triggers). Headers are the field names
 * (flattened rows, docs/product.md); money is integer pence as everywhere in the API; times are ISO 8601 UTC.
 * Listed one by one on purpose: a column added to the table later is not exported until added here.
 */
export const clientExportColumns: ExportColumns = {
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
  isDeleted: clients.isDeleted,
  deleteReason: clients.deleteReason,
  deletedAt: isoTime(clients.deletedAt),
  deletedBy: clients.deletedBy,
  createdAt: isoTime(clients.createdAt),
  createdBy: clients.createdBy,
  updatedAt: isoTime(clients.updatedAt),
  updatedBy: clients.updatedBy,
};

export const clientExportHeader = Object.keys(clientExportColumns);
