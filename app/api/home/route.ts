import { getRequestUser } from "@/lib/auth/get-current-user";
import { homePathFor } from "@/lib/auth/home-path";
import { route } from "@/lib/route";

/** The path this visitor lands on, as text: their role's home, or `/` (the front door) for a visitor. */
export const GET = route({ auth: "public", db: false }, async ({ request }) => {
  const user = await getRequestUser(request);
  return new Response(homePathFor(user?.type), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
});
