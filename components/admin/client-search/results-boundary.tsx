"use client";

import { Component, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Next.js's own control-flow errors (redirect, not found, forbidden...) must reach Next.js. */
function isFrameworkError(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}

function ResultsError() {
  const t = useTranslations("clientSearch.loadError");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Alert variant="error" title={t("title")}>
      <p>{t("message")}</p>
      <Button variant="secondary" size="sm" className="mt-3" loading={pending} loadingLabel={t("retrying")} onClick={() => startTransition(() => router.refresh())}>
        {t("retry")}
      </Button>
    </Alert>
  );
}

interface Props {
  /** Different on every server render of the page: new results (a new search, or "Try again") clear the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a failure to load the results (the page stays usable: search box, filters, view switch)
 * and shows an inline error with "Try again". A failure of the page itself goes to error.tsx.
 */
export class ResultsBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    const { error } = this.state;
    if (error) {
      if (isFrameworkError(error)) throw error;
      return <ResultsError />;
    }
    return this.props.children;
  }
}
