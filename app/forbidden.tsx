import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { ForbiddenView, type ForbiddenPerson } from "@/components/errors/forbidden-view";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { homePathFor } from "@/lib/auth/home-path";
import { ERROR_CATALOGUE } from "@/lib/errors";
import { getUserProfile } from "@/lib/server/users/get-user-profile";

/** Titled as the screen, not as the page that was refused. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t(ERROR_CATALOGUE.forbidden.titleKey) };
}

/**
 * Who is signed in, for the 403 screen: their name when the portal knows it. The screen still
 * renders (without the person) if the session or the name cannot be read.
 */
async function signedInPerson(): Promise<ForbiddenPerson | null> {
  const user = await getCurrentUser().catch(() => null);
  if (!user) return null;
  const profile = await getDb()
    .then((db) => getUserProfile({ db, user }))
    .catch(() => null);
  return { name: profile?.name ?? null, email: user.email, type: user.type, homePath: homePathFor(user.type) };
}

/**
 * Rendered with HTTP 403 when a route calls `forbidden()` (signed in, wrong role; also
 * /errors/un-authorised): names the signed-in person and offers their home and sign-out.
 */
export default async function Forbidden() {
  return <ForbiddenView person={await signedInPerson()} />;
}
