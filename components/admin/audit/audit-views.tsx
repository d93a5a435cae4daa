import Link from "next/link";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";

/** The two views of the audit area as navigation links (the current one marked). */
export function AuditViews({ current }: { current: "audit" | "security" }) {
  const t = useTranslations("auditArea.views");
  const item = (view: "audit" | "security", href: string) => (
    <li>
      <Link
        href={href}
        aria-current={current === view ? "page" : undefined}
        className={cn(
          "inline-flex min-h-11 items-center border-b-4 px-3 font-semibold no-underline",
          current === view ? "border-navy-900 text-navy-900" : "border-transparent text-brand-link hover:border-line-soft",
        )}
      >
        {t(view)}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t("label")} className="mb-6 border-b border-line-soft">
      <ul className="flex flex-wrap gap-2">
        {item("audit", "/administration/audit")}
        {item("security", "/administration/audit?view=security")}
      </ul>
    </nav>
  );
}
