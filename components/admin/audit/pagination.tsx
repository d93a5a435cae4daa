import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Pager } from "@/lib/pager";

/** "Showing 1–25 of 120" and previous / next page links (the page number is in the URL). */
export function Pagination({ pager, hrefFor, label }: { pager: Pager; hrefFor: (page: number) => string; label: string }) {
  const t = useTranslations("auditArea.pagination");
  const { currentPage, totalPages, totalCount, itemFromNo, itemToNo } = pager;
  const linkClass = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold";
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{totalCount === 0 ? t("none") : t("showing", { from: itemFromNo, to: itemToNo, total: totalCount })}</p>
      {totalPages > 1 || currentPage > 1 ? (
        <ul className="flex flex-wrap items-center gap-2">
          <li>
            {currentPage > 1 ? (
              <Link href={hrefFor(Math.min(currentPage - 1, Math.max(totalPages, 1)))} rel="prev" className={linkClass}>
                {t("previous")}
              </Link>
            ) : null}
          </li>
          <li>
            <span aria-current="page" className="px-2">
              {t("page", { page: currentPage, pages: Math.max(totalPages, 1) })}
            </span>
          </li>
          <li>
            {currentPage < totalPages ? (
              <Link href={hrefFor(currentPage + 1)} rel="next" className={linkClass}>
                {t("next")}
              </Link>
            ) : null}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
