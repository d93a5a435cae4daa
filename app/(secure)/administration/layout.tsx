import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/guards";
import { refusedPageMetadata } from "@/lib/auth/refused-page-metadata";

/** Not staff: every page here is titled as the 403 (or 401) screen it shows. */
export async function generateMetadata(): Promise<Metadata> {
  return (await refusedPageMetadata("admin.area")) ?? {};
}

/** The admin area: staff only (others get the 403 screen). */
export default async function AdministrationLayout({ children }: { children: ReactNode }) {
  await requirePageUser("admin.area");
  return children;
}
