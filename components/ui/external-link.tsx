import type { ComponentPropsWithRef } from "react";
import { useTranslations } from "next-intl";
import { cn } from "./cn";
import { VisuallyHidden } from "./visually-hidden";
import { LineIcon } from "./line-icon";

export interface ExternalLinkProps extends Omit<ComponentPropsWithRef<"a">, "target" | "rel" | "href"> {
  href: string;
  /** Show the small "leaves the site" icon after the text (default true). */
  showIcon?: boolean;
}

/**
 * A link to another site that opens in a new tab (`target="_blank" rel="noopener noreferrer"`)
 * and says so to screen readers ("(opens in new tab)", from messages).
 */
export function ExternalLink({ href, showIcon = true, className, children, ...rest }: ExternalLinkProps) {
  const t = useTranslations("common");
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer" className={cn("inline-flex items-baseline gap-1", className)}>
      <span>
        {children}
        <VisuallyHidden>{` ${t("opensInNewTab")}`}</VisuallyHidden>
      </span>
      {showIcon ? (
        <LineIcon viewBox="0 0 16 16" strokeWidth={1.75} className="size-3.5 shrink-0 self-center">
          <path d="M9 3h4v4M13 3 7.5 8.5M11.5 9.5V13h-9V4H6" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
      ) : null}
    </a>
  );
}
