import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage } from "@/lib/errors";

/** Rendered with HTTP 401 when a route calls `unauthorized()` (no signed-in user). */
export default function Unauthorized() {
  return <ErrorView error={errorFromMessage("401")} />;
}
