import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The three page layouts (docs/product.md). Each renders exactly one `<h1>` (the `title`); they render
 * inside the root layout's `<main id="main-content">`, so they never render `<main>` themselves.
 */

export type PageWidth = "narrow" | "default" | "wide" | "full";

const WIDTHS: Record<PageWidth, string> = {
  narrow: "max-w-3xl",
  default: "max-w-6xl",
  wide: "max-w-[96rem]",
  full: "max-w-none",
};

/** Id of the page's `<h1>`, for `aria-labelledby`. */
export const PAGE_TITLE_ID = "page-title";

function Container({ width = "default", className, children }: { width?: PageWidth; className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full px-4 sm:px-6", WIDTHS[width], className)}>{children}</div>;
}

function PageHeading({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-2">
        <h1 id={PAGE_TITLE_ID} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        {description ? <div className="max-w-prose text-ink-muted">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

export interface PlainPageProps {
  /** The page's `<h1>` (translated). */
  title: ReactNode;
  /** Text under the title. */
  description?: ReactNode;
  /** Buttons or links beside the title (stacked under it on small screens). */
  actions?: ReactNode;
  /**
   * Navigation slot (e.g. section links or tabs), shown as a sidebar from the `lg` breakpoint and
   * above the content on smaller screens.
   */
  nav?: ReactNode;
  /**
   * Accessible name of the `<nav>` landmark that wraps `nav` (translated). Without it the slot is
   * rendered as given, so pass your own `<nav aria-label=…>`.
   */
  navLabel?: string;
  width?: PageWidth;
  children: ReactNode;
}

/** A plain page with optional navigation: the working layout of the secure and admin areas. */
export function PlainPage({ title, description, actions, nav, navLabel, width = "default", children }: PlainPageProps) {
  const navigation = nav ? (navLabel ? <nav aria-label={navLabel}>{nav}</nav> : nav) : null;
  return (
    <Container width={width} className="py-6 sm:py-10">
      <PageHeading title={title} description={description} actions={actions} />
      {navigation ? (
        <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
          <div className="min-w-0">{navigation}</div>
          <div className="min-w-0">{children}</div>
        </div>
      ) : (
        <div className="mt-6 min-w-0">{children}</div>
      )}
    </Container>
  );
}

export interface CardPageProps {
  /** The card's `<h1>` (translated). */
  title: ReactNode;
  /** Text under the title. */
  description?: ReactNode;
  /** Content below the card (e.g. "Need help? Contact support"). */
  footer?: ReactNode;
  /** Card width: `sm` (28rem, sign-in) or `md` (40rem, longer forms). */
  size?: "sm" | "md";
  children?: ReactNode;
}

/** A boxed card centred on the page: sign-in, contact, confirmation screens. */
export function CardPage({ title, description, footer, size = "sm", children }: CardPageProps) {
  return (
    <Container className="flex flex-col items-center py-8 sm:py-14">
      <div className={cn("w-full", size === "sm" ? "max-w-md" : "max-w-2xl")}>
        <section
          aria-labelledby={PAGE_TITLE_ID}
          className="rounded-lg border border-line-soft bg-white p-5 shadow-sm sm:p-8"
        >
          <h1 id={PAGE_TITLE_ID} className="text-2xl font-bold">
            {title}
          </h1>
          {description ? <div className="mt-2 text-ink-muted">{description}</div> : null}
          {children ? <div className="mt-6 space-y-4">{children}</div> : null}
        </section>
        {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
      </div>
    </Container>
  );
}

export interface TitledPageProps {
  /** The page's `<h1>` (translated). */
  title: ReactNode;
  /** Text under the title. */
  description?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  width?: PageWidth;
  children?: ReactNode;
}

/** A simple page with a heading and content: confirmations, information, status pages. */
export function TitledPage({ title, description, actions, width = "narrow", children }: TitledPageProps) {
  return (
    <Container width={width} className="py-6 sm:py-10">
      <PageHeading title={title} description={description} actions={actions} />
      {children ? <div className="mt-6 space-y-4">{children}</div> : null}
    </Container>
  );
}
