import type { ClientStatus, DirectorStatus, Journey, ProductTier } from "@/db/schema";
import type { Pager } from "@/lib/pager";

/** The admin client search's answer (docs/domain.md "Search response"). */

export interface ClientSearchRow {
  /** `c-<client id>` in client view, `d-<director id>` in individual view. */
  tableRowId: string;
  id: number;
  name: string;
  reference: string;
  sageId: string | null;
  companyId: string | null;
  mainContactEmail: string;
  productTier: ProductTier;
  status: ClientStatus;
  journey: Journey;
  owner: string | null;
  /** Pence. */
  unitPrice: number | null;
  /** Pence. */
  fullPrice: number | null;
  /** Directors of the client that are not deleted. */
  directorCount: number;
  createdAt: Date;
  updatedAt: Date;
  inKantata: boolean;
  kantataReference: string | null;
  isDeleted: boolean;
  /** The earliest verify-by date (`YYYY-MM-DD`) of the client's people still to be verified, or null. */
  nextVerifyBy: string | null;
  /** That date has passed (UK date): someone is overdue. */
  overdue: boolean;
}

export interface IndividualSearchRow extends ClientSearchRow {
  directorId: number;
  directorName: string;
  directorEmail: string;
  directorReference: string;
  directorStatus: DirectorStatus;
  /** Pence. */
  priceOverride: number | null;
  idvNumber: string | null;
  directorIsDeleted: boolean;
}

export interface StatusStat {
  value: string;
  label?: string;
  count: number;
}

export interface ClientSearchResult {
  /** Every status of the view (client statuses, or director statuses in individual view), in spec order. */
  statusStats: StatusStat[];
  clients: ClientSearchRow[] | IndividualSearchRow[];
  pager: Pager;
}
