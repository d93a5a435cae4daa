import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { PAGE_TITLE_ID } from "@/components/layout/page-layouts";
import { ButtonLink } from "@/components/ui/button-link";
import { ERROR_CATALOGUE, HOME_PATH, type ErrorDefinition } from "@/lib/errors";
import { VisuallyHidden } from "@/components/ui/visually-hidden";

export interface ErrorViewProps {
  /** Catalogue entry to show (see `ERROR_CATALOGUE` / `errorFromMessage` in lib/errors.ts). */
  error: ErrorDefinition;
  /** Extra controls after the catalogue actions (e.g. a retry button). */
  children?: ReactNode;
  /** More about the situation, after the message (e.g. who is signed in). */
  detail?: ReactNode;
  /** Where the home actions lead instead of `/` (e.g. the signed-in person's own home). */
  homeHref?: string;
}

/**
 * The generic error screen (docs/product.md): code, title (the page's only `<h1>`), message and action
 * links, all from the catalogue and messages. Works in server and client components (the client
 * error boundaries use it), so it uses only `useTranslations` and `next/link`.
 */
export function ErrorView({ error, children, detail, homeHref }: ErrorViewProps) {
  const t = useTranslations("errors");
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-10 sm:px-6 sm:py-16">
      <p className="text-5xl font-bold tracking-tight text-navy-800 sm:text-6xl" data-testid="error-code">
        <VisuallyHidden>{`${t("codeLabel")} `}</VisuallyHidden>
        {error.code}
      </p>
      <h1 id={PAGE_TITLE_ID} className="text-2xl font-bold sm:text-3xl">
        {t(error.titleKey)}
      </h1>
      <p className="max-w-prose text-lg text-ink">{t(error.messageKey)}</p>
      {detail}
      <ul className="mt-2 flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap">
        {error.actions.map((action, index) => (
          <li key={action.href + action.labelKey}>
            <ButtonLink href={homeHref && action.href === HOME_PATH ? homeHref : action.href} variant={index === 0 ? "primary" : "secondary"} className="w-full sm:w-auto">
              {t(`actions.${action.labelKey}`)}
            </ButtonLink>
          </li>
        ))}
        {children ? <li>{children}</li> : null}
      </ul>
    </div>
  );
}

/** The login error (code 500, "Login Error", actions Home and Try Again), for the sign-in link flow. */
export function LoginErrorView({ children }: { children?: ReactNode }) {
  return <ErrorView error={ERROR_CATALOGUE.login}>{children}</ErrorView>;
}
