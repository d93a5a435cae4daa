import Link from "next/link";
import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import type { Pager } from "@/lib/pager";
import { buttonClassName } from "./button-styles";
import { cn } from "./cn";
import { pageItems } from "./pagination-model";

/**
 * Where a page control leads: a URL (links, for pages whose page number is in the query and that
 * render on the server), or a callback (buttons, for client components that navigate themselves).
 */
type PageTarget = { hrefFor: (page: number) => string; onPageChange?: never } | { onPageChange: (page: number) => void; hrefFor?: never };

export type PaginationProps = PageTarget & {
  pager: Pick<Pager, "currentPage" | "totalPages">;
  /** Names the navigation landmark; defaults to "Pages of results". */
  label?: string;
  /** Shown first, e.g. "Showing 1–25 of 120" (the caller decides whether it is a live region). */
  summary?: ReactNode;
  /** Further controls shown last, e.g. the page size. */
  children?: ReactNode;
  className?: string;
};

const ENDS = buttonClassName({ variant: "secondary", size: "sm" });
/** An end with nowhere to go, as text: muted but still readable (AA contrast), unlike a faded button. */
const DISABLED_END = "inline-flex min-h-9 cursor-not-allowed items-center rounded-md border-2 border-line-soft px-3 py-1 font-semibold text-ink-muted";
const NUMBER = "inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 font-semibold tabular-nums";
const NUMBER_STATES = {
  current: "border-2 border-navy-900 bg-navy-900 text-white no-underline hover:text-white",
  other: "text-brand-link underline underline-offset-2 hover:bg-navy-50 hover:text-brand-link-hover",
};

/**
 * Page navigation over a `Pager`: previous, the first and last page, the pages around the current
 * one with gaps between, next, and "Page x of y". The current page carries `aria-current="page"`;
 * previous and next are disabled at the ends. A page beyond the last (the pager allows it) offers
 * "previous" to the last page. Nothing but the summary and extra controls shows while everything
 * fits on one page.
 */
export function Pagination({ pager, hrefFor, onPageChange, label, summary, children, className }: PaginationProps) {
  const t = useTranslations("pagination");
  const format = useFormatter();
  const { currentPage, totalPages } = pager;
  const lastPage = Math.max(totalPages, 1);
  const multi = totalPages > 1 || currentPage > 1;

  const control = (page: number | null, content: ReactNode, ariaLabel: string, classes: string, current = false) => {
    if (page === null) {
      // An end with nowhere to go: a disabled button, or plain text where the controls are links.
      return hrefFor ? (
        <span className={DISABLED_END}>{content}</span>
      ) : (
        <button type="button" disabled aria-label={ariaLabel} className={classes}>
          {content}
        </button>
      );
    }
    const common = { "aria-label": ariaLabel, "aria-current": current ? ("page" as const) : undefined, className: classes };
    return hrefFor ? (
      <Link href={hrefFor(page)} {...common}>
        {content}
      </Link>
    ) : (
      <button type="button" {...common} onClick={() => (current ? undefined : onPageChange?.(page))}>
        {content}
      </button>
    );
  };

  return (
    <nav aria-label={label ?? t("label")} className={cn("flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-sm", className)}>
      {summary}
      {multi ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <ul className="flex flex-wrap items-center gap-1">
            <li>{control(currentPage > 1 ? Math.min(currentPage - 1, lastPage) : null, t("previous"), t("previousPage"), ENDS)}</li>
            {pageItems(pager).map((item, i) =>
              item === "gap" ? (
                <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
                  {t("gap")}
                </li>
              ) : (
                <li key={item}>
                  {control(item, format.number(item), t("page", { page: format.number(item) }), cn(NUMBER, NUMBER_STATES[item === currentPage ? "current" : "other"]), item === currentPage)}
                </li>
              ),
            )}
            <li>{control(currentPage < totalPages ? currentPage + 1 : null, t("next"), t("nextPage"), ENDS)}</li>
          </ul>
          <p>{t("pageOf", { page: format.number(currentPage), pages: format.number(lastPage) })}</p>
        </div>
      ) : null}
      {children}
    </nav>
  );
}
