import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CardPage } from "@/components/layout/page-layouts";
import { ContactForm } from "@/components/contact/contact-form";
import { captchaBrowserConfig } from "@/lib/integrations/captcha";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("contact");
  return { title: t("metaTitle") };
}

export default async function ContactPage() {
  const t = await getTranslations("contact");
  return (
    <CardPage title={t("title")} description={t("description")}>
      <ClientMessages namespaces={["common", "contact", "errorSummary", "validation"]}>
        <ContactForm botCheck={captchaBrowserConfig()} />
      </ClientMessages>
    </CardPage>
  );
}
