import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/guards";

/** The admin area: staff only (others get the 403 screen). */
export default async function AdministrationLayout({ children }: { children: ReactNode }) {
  await requirePageUser("admin.area");
  return children;
}
