import { ErrorView } from "@/components/errors/error-view";
import { errorFromMessage } from "@/lib/errors";

/** The catalogue screen for an error's message (lib/errors.ts `errorFromMessage`): what RouteError loads on demand. */
export function CatalogueError({ message }: { message: string | undefined }) {
  return <ErrorView error={errorFromMessage(message)} />;
}
