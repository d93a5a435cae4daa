import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { parseId } from "@/lib/parse-id";
import { clientExists } from "@/lib/server/clients/get-client";

/**
 * Decides 404 before the page's pending view streams: a non-integer or unknown id must answer
 * with HTTP 404, which is only possible before the first byte is sent.
 */
export default async function ClientDetailLayout({ params, children }: { params: Promise<{ clientId: string }>; children: ReactNode }) {
  const user = await requirePageUser("admin.clients.read");
  const id = parseId((await params).clientId);
  if (id === null || !(await clientExists({ db: await getDb(), user, id }))) notFound();
  return children;
}
