/**
 * The JavaScript the simulator serves at /recaptcha/enterprise.js: the part of Google's
 * `grecaptcha.enterprise` API the portal uses. `ready(cb)` runs cb once loaded; `execute(siteKey,
 * { action })` resolves to a token the simulator's assessment endpoint accepts, fetched from the
 * simulator (a plain-text POST, so the browser sends no CORS preflight). `onload=<name>` in the
 * script URL calls window[name]() once loaded, as Google's does.
 */
export function simulatorScript(origin: string, onload?: string): string {
  return `/* reCAPTCHA Enterprise simulator: for development and tests only */
(function () {
  var origin = ${JSON.stringify(origin)};
  var g = (window.grecaptcha = window.grecaptcha || {});
  var e = (g.enterprise = g.enterprise || {});
  e.ready = function (cb) { Promise.resolve().then(cb); };
  e.execute = function (siteKey, options) {
    return fetch(origin + "/recaptcha/enterprise/token", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ siteKey: siteKey, action: options && options.action })
    }).then(function (r) {
      return r.json().then(function (b) {
        if (!r.ok) throw new Error(b.error || "reCAPTCHA error");
        return b.token;
      });
    });
  };
  var onload = ${JSON.stringify(onload && /^[A-Za-z_$][\w$]*$/.test(onload) ? onload : null)};
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;
}
