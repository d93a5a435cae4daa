"use client";

import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";
import { useClientSearch } from "./search-context";

/** A spinner ("Loading results…" for screen readers) while a new search loads; takes no room otherwise. */
export function PendingIndicator() {
  const t = useTranslations("clientSearch");
  const { isPending } = useClientSearch();
  return <div className="flex w-6 shrink-0 items-center">{isPending ? <Spinner size="sm" label={t("loading")} /> : null}</div>;
}
