import { connection } from "next/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { LinkList } from "@/components/ui/link-list";
import { SITE_LINKS } from "./site-links";

/**
 * The site footer (contentinfo landmark): policy links, support link, copyright and company lines.
 * `connection()` makes the year a request-time value, never the build year.
 */
export async function Footer() {
  await connection();
  const [t, format] = await Promise.all([getTranslations("chrome.footer"), getFormatter()]);
  const year = format.dateTime(new Date(), { year: "numeric" });

  return (
    <footer className="mt-auto border-t border-line-soft bg-gray-100 text-sm text-ink">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6">
        <nav aria-label={t("navLabel")}>
          <LinkList
            className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6"
            links={[
              {
                href: SITE_LINKS.dataProcessingPolicy,
                label: t("dataProcessingPolicy"),
                external: true,
              },
              { href: SITE_LINKS.termsOfService, label: t("termsOfService"), external: true },
              { href: SITE_LINKS.contact, label: t("contactSupport") },
            ]}
          />
        </nav>
        <div className="flex flex-col gap-1 text-ink-muted">
          <p>{t("copyright", { year })}</p>
          <p>{t("company")}</p>
          <p>{t("acsp")}</p>
        </div>
      </div>
    </footer>
  );
}
