/**
 * The bot check in the browser: loads reCAPTCHA Enterprise's script (or the simulator's, which has
 * the same API) with the site key and an optional language, and runs `execute` with an action name
 * when a form is submitted. The token goes to the server with the form (as `captchaToken`).
 *
 * A missing site key or a script that cannot load is logged as a warning, not thrown: the page
 * stays usable and the server's check fails the submission instead. Executing before the script
 * has loaded rejects with CaptchaNotLoadedError.
 */
import { reportInBrowser } from "@/lib/log/browser";

interface EnterpriseApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: EnterpriseApi };
  }
}

export class CaptchaNotLoadedError extends Error {
  constructor() {
    super("The bot check script is not loaded");
    this.name = "CaptchaNotLoadedError";
  }
}

export interface CaptchaScriptOptions {
  siteKey?: string;
  /** RECAPTCHA_SCRIPT_URL: https://www.google.com/recaptcha/enterprise.js or the simulator's. */
  scriptUrl: string;
  /** Language of any challenge, e.g. "en-GB" (Google's `hl`). */
  language?: string;
}

let loading: Promise<boolean> | undefined;
let ready = false;

/**
 * Adds the script once and resolves true when `grecaptcha.enterprise` is ready, false (with a
 * console warning) when there is no site key or the script fails. Safe to call from every form.
 */
export function loadCaptcha({ siteKey, scriptUrl, language }: CaptchaScriptOptions): Promise<boolean> {
  if (!siteKey) {
    reportInBrowser("warn", "[bot check] no site key is configured: the reCAPTCHA script is not loaded");
    return Promise.resolve(false);
  }
  if (loading) return loading;
  const attempt = new Promise<boolean>((resolve) => {
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set("render", siteKey);
    if (language) url.searchParams.set("hl", language);
    const script = document.createElement("script");
    script.src = url.toString();
    script.async = true;
    const fail = (why: string) => {
      reportInBrowser("warn", `[bot check] the reCAPTCHA script ${why} (${url.origin}${url.pathname})`);
      script.remove();
      // The next form that asks tries again (a network blip should not disable the page for good).
      loading = undefined;
      resolve(false);
    };
    script.addEventListener("load", () => {
      const api = window.grecaptcha?.enterprise;
      if (!api) return fail("loaded but did not define grecaptcha.enterprise");
      api.ready(() => {
        ready = true;
        resolve(true);
      });
    });
    script.addEventListener("error", () => fail("could not be loaded"));
    document.head.appendChild(script);
  });
  loading = attempt;
  return attempt;
}

/** A token for `action` (letters, digits, slashes and underscores). Rejects if the script is not ready. */
export async function executeCaptcha(siteKey: string, action: string): Promise<string> {
  const api = window.grecaptcha?.enterprise;
  if (!ready || !api) throw new CaptchaNotLoadedError();
  return api.execute(siteKey, { action });
}

/** For tests: forget the loaded script. */
export function resetCaptchaForTests() {
  loading = undefined;
  ready = false;
  delete window.grecaptcha;
  document.querySelectorAll("script[src*='render=']").forEach((s) => s.remove());
}
