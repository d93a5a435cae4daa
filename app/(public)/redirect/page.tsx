import { redirect } from "next/navigation";
import { safeRedirectPath } from "@/lib/safe-redirect";

/** /redirect?path=… goes to `path` when it is a path on this site, otherwise home. */
export default async function RedirectPage({ searchParams }: { searchParams: Promise<{ path?: string | string[] }> }) {
  const { path } = await searchParams;
  redirect(safeRedirectPath(path));
}
