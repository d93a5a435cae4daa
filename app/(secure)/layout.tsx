import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/guards";

/** The secure section: everyone here is signed in (no session → the 401 screen). Roles are checked per page. */
export default async function SecureLayout({ children }: { children: ReactNode }) {
  await requirePageUser("secure.enter");
  return children;
}
