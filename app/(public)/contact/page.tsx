import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { CardPage } from "@/components/layout/page-layouts";
import { ContactForm } from "@/components/contact/contact-form";
import { captchaBrowserConfig } from "@/lib/integrations/captcha";
import { ClientMessages } from "@/components/i18n/client-messages";

export const generateMetadata = titleMetadata("contact");

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
