import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { requirePageUser } from "@/lib/auth/guards";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("secure.admin");
  return { title: t("metaTitle") };
}

export default async function AdministrationPage() {
  await requirePageUser("admin.area");
  const t = await getTranslations("secure.admin");
  return (
    <TitledPage title={t("title")}>
      <ul className="flex flex-col gap-4">
        <li>
          <Link href="/administration/client-management" className="text-lg font-semibold">{t("clients")}</Link>
          <p className="text-ink-muted">{t("clientsIntro")}</p>
        </li>
        <li>
          <Link href="/administration/audit" className="text-lg font-semibold">{t("audit")}</Link>
          <p className="text-ink-muted">{t("auditIntro")}</p>
        </li>
        <li>
          <Link href="/administration/operations" className="text-lg font-semibold">{t("operations")}</Link>
          <p className="text-ink-muted">{t("operationsIntro")}</p>
        </li>
      </ul>
    </TitledPage>
  );
}
