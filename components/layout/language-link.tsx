"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { localeOr, otherLocale } from "@/lib/i18n/locales";

const className =
  "inline-flex min-h-11 items-center rounded-sm px-1 text-base font-semibold text-white underline underline-offset-4 hover:text-white hover:decoration-2";

/** Where the link goes: GET /api/language switches the language and comes back to `back`. */
export function languageHref(to: string, back: string): string {
  return `/api/language?${new URLSearchParams({ to, back })}`;
}

function Link({ back }: { back: string }) {
  const to = otherLocale(localeOr(useLocale()));
  const t = useTranslations("chrome.language");
  // A plain link, never next/link: a prefetch of the route would switch the language by itself.
  return (
    <a href={languageHref(to, back)} lang={to} hrefLang={to} className={className} data-testid="language-link">
      {t("link")}
    </a>
  );
}

/**
 * The header's language link: "Cymraeg" on English pages, "English" on Welsh ones, in the language
 * it offers (`lang`, `hreflang`). It comes back to this page with its query (the sign-in page
 * filled in from an invitation stays filled in).
 */
export function LanguageLink() {
  const pathname = usePathname() ?? "/";
  const search = useSearchParams()?.toString();
  return <Link back={search ? `${pathname}?${search}` : pathname} />;
}

/** Before the query is known (a static render): the same link, back to the path alone. */
export function LanguageLinkWithoutQuery() {
  return <Link back={usePathname() ?? "/"} />;
}
