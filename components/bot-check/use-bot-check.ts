"use client";

import { useCallback, useEffect, useMemo } from "react";
import { useLocale } from "next-intl";
import type { BotCheckAction } from "@/lib/bot-check/actions";
import { reportInBrowser } from "@/lib/log/browser";

/** What the page passes down: the public site key (absent when not configured) and the script's URL. */
export interface BotCheckConfig {
  siteKey?: string;
  scriptUrl: string;
}

// The loader is fetched after the page has hydrated, and the provider's script after that, so
// neither counts against the page's first-load JavaScript (the sign-in page has a budget).
const loadBrowser = () => import("@/lib/integrations/captcha/browser");

/**
 * The bot check of one form. The script starts loading once the page is interactive (the provider
 * scores what it sees from then on); `token()` on submit waits for it and executes with the form's
 * action. Without a site key, or when the script cannot load, the loader warns in the console and
 * `token()` gives undefined: the form is still sent and the server answers 'Verification failed.
 * Please try again.', which the form shows. `preload()` tries again (e.g. on focus) after a failure.
 */
export function useBotCheck(config: BotCheckConfig, action: BotCheckAction) {
  const language = useLocale();
  const { siteKey, scriptUrl } = config;
  const options = useMemo(() => ({ siteKey, scriptUrl, language }), [siteKey, scriptUrl, language]);

  const preload = useCallback(() => {
    void loadBrowser().then((m) => m.loadCaptcha(options));
  }, [options]);

  useEffect(preload, [preload]);

  const token = useCallback(async (): Promise<string | undefined> => {
    const browser = await loadBrowser();
    if (!(await browser.loadCaptcha(options)) || !options.siteKey) return undefined;
    try {
      return await browser.executeCaptcha(options.siteKey, action);
    } catch (err) {
      reportInBrowser("warn", `[bot check] execute failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }, [options, action]);

  return { preload, token };
}
