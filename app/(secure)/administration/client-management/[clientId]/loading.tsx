import { ClientDetailSkeleton } from "@/components/admin/client-detail/client-detail-skeleton";

/**
 * The client detail's own pending view, streamed while the page's queries run (docs/speed.md
 * "Figures behind design choices"), and shown at once on navigation from the list. It fills the screen so the page
 * replaces it without a layout shift (see ClientDetailSkeleton).
 */
export default function ClientDetailLoading() {
  return <ClientDetailSkeleton />;
}
