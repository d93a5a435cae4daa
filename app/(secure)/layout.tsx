import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/guards";
import { refusedPageMetadata } from "@/lib/auth/refused-page-metadata";

/** Nobody signed in: every page here is titled as the 401 screen it shows. */
export async function generateMetadata(): Promise<Metadata> {
  return (await refusedPageMetadata("secure.enter")) ?? {};
}

/** The secure section: everyone here is signed in (no session → the 401 screen). Roles are checked per page. */
export default async function SecureLayout({ children }: { children: ReactNode }) {
  await requirePageUser("secure.enter");
  return children;
}
