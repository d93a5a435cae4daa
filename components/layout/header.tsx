import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { LanguageLink, LanguageLinkWithoutQuery } from "./language-link";
import { LogoMark } from "./logo";
import { SITE_LINKS } from "./site-links";

export interface HeaderProps {
  /** Right-hand slot, e.g. the signed-in user's menu or a sign-out button. */
  actions?: ReactNode;
}

/** The site header (banner landmark): logo and service name linking home, the language link, then `actions`. */
export function Header({ actions }: HeaderProps) {
  const t = useTranslations("chrome");
  return (
    <header className="on-dark border-b-4 border-[#ffdd00] bg-navy-900 text-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          href={SITE_LINKS.home}
          className="inline-flex min-h-11 items-center gap-3 rounded-sm text-white no-underline hover:text-white hover:underline"
        >
          <LogoMark label={t("logoAlt")} />
          <span className="text-lg font-bold leading-tight sm:text-xl">{t("appName")}</span>
        </Link>
        {/*
          On a phone the language link and the user's menu have a row of their own from the start: a
          row shared with the service name wrapped once the rest of the header had streamed in, and
          moved the whole group (a layout shift on the contact's and director's pages).
        */}
        <div className="flex basis-full flex-wrap items-center gap-x-6 gap-y-2 sm:basis-auto">
          <Suspense fallback={<LanguageLinkWithoutQuery />}>
            <LanguageLink />
          </Suspense>
          {actions ? <div className="flex items-center gap-3">{actions}</div> : null}
        </div>
      </div>
    </header>
  );
}
