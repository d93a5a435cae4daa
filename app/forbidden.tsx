import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage } from "@/lib/errors";

/** Rendered with HTTP 403 when a route calls `forbidden()` (signed in, wrong role). */
export default function Forbidden() {
  return <ErrorView error={errorFromMessage("403")} />;
}
