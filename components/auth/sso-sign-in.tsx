"use client";

import { useEffect, useRef, useState } from "react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * Starts admin single sign-on: next-auth v4 needs a POST with its CSRF token to
 * /api/auth/signin/oidc, which `signIn` does before sending the browser to the identity provider.
 * With `autoStart` it begins on mount; the button starts (or restarts) it by hand.
 */
export function SsoSignIn({ callbackUrl, autoStart }: { callbackUrl: string; autoStart: boolean }) {
  const t = useTranslations("adminLogin");
  const [redirecting, setRedirecting] = useState(autoStart);
  const started = useRef(false);

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    signIn("oidc", { callbackUrl }).catch(() => setRedirecting(false));
  }, [autoStart, callbackUrl]);

  function start() {
    setRedirecting(true);
    signIn("oidc", { callbackUrl }).catch(() => setRedirecting(false));
  }

  return (
    <div className="space-y-3">
      <p role="status" className="min-h-6 text-ink-muted">
        {redirecting ? t("redirecting") : ""}
      </p>
      <Button onClick={start} fullWidth>
        {t("continue")}
      </Button>
    </div>
  );
}
