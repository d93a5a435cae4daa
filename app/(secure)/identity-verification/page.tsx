import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { ButtonLink } from "@/components/ui/button-link";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { homePathFor } from "@/lib/auth/home-path";
import { getUserProfile } from "@/lib/server/users/get-user-profile";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.area");
  return { title: t("metaTitle") };
}

/** The main verification area: who is signed in, and the way to their own part of the portal. */
export default async function IdentityVerificationPage() {
  const user = await requirePageUser("secure.enter");
  const [t, profile] = await Promise.all([getTranslations("secure.area"), getUserProfile({ db: await getDb(), user })]);
  const label = { DV_CompanyContact: t("contact"), DV_Director: t("director"), Admin: t("admin") }[user.type];
  return (
    <TitledPage title={t("title")}>
      <p className="mb-6 text-lg">{t("intro", { name: profile.name ?? profile.email })}</p>
      <ButtonLink href={homePathFor(user.type)}>{label}</ButtonLink>
    </TitledPage>
  );
}
