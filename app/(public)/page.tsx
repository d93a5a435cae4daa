import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { homePathFor } from "@/lib/auth/home-path";

/** Landing: asks for the visitor's home path (as GET /api/home does) and goes there. */
export default async function HomePage() {
  const user = await getCurrentUser();
  redirect(homePathFor(user?.type));
}
