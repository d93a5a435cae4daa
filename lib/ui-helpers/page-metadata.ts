import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/**
 * A page's `generateMetadata`: its title is `metaTitle` of the `namespace` messages, in the
 * reader's language; `rest` adds what does not change (e.g. robots, referrer).
 */
export function titleMetadata(namespace: string, rest: Omit<Metadata, "title"> = {}) {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations(namespace);
    return { title: t("metaTitle"), ...rest };
  };
}

/** A page an emailed one-time link opens: not indexed, and its address sent to this site only. */
export const ONE_TIME_LINK_PAGE = {
  referrer: "same-origin",
  robots: { index: false },
} as const satisfies Omit<Metadata, "title">;

/** A page whose address carries a payment secret: out of search engines and referrers. */
export const PAYMENT_SECRET_PAGE = {
  robots: { index: false, follow: false },
  referrer: "no-referrer",
} as const satisfies Omit<Metadata, "title">;
