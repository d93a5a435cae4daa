import type { ClientStatus, Journey, ProductTier } from "@/lib/domain/values";
import type { DescriptionItem } from "@/components/ui/description-list";
import { StatusBadge } from "@/components/ui/status-badge";

export interface SummarisedClient {
  reference: string;
  status: ClientStatus;
  productTier: ProductTier;
  journey: Journey;
}

type SummaryLabel = "reference" | "status" | "tier" | "journey";

/**
 * The rows a client's summary starts with, on the staff's page of the client and on the contact's
 * page of their company: the reference, the status, the service and how it is paid for. `label`
 * gives each row's term (the pages word them differently); `ts` translates under `statuses`.
 */
export function clientSummaryItems(
  client: SummarisedClient,
  label: (key: SummaryLabel) => string,
  ts: (key: string) => string,
): DescriptionItem[] {
  return [
    { label: label("reference"), value: <span className="font-mono">{client.reference}</span> },
    { label: label("status"), value: <StatusBadge kind="client" status={client.status} /> },
    { label: label("tier"), value: ts(`productTier.${client.productTier}`) },
    { label: label("journey"), value: ts(`journey.${client.journey}`) },
  ];
}
