/*
 * The outside services a benchmark's request reaches, as simulators in the benchmark's own process
 * on free ports, with the development keys, and this process's configuration pointed at them (the
 * caller resets lib/env's cache once it has set all it sets). Imported when started, like the rest
 * of the portal's code in a benchmark, so that nothing reads the configuration before it is set.
 */

/** The reCAPTCHA Enterprise simulator: the request's bot check. */
export async function startCaptcha() {
  const { startCaptchaSimulator } = await import("@/lib/integrations/captcha/simulator/server");
  const { configureCaptchaSimulator } = await import("@/lib/integrations/captcha/simulator/configure");
  const { RECAPTCHA_DEV_CREDENTIALS } = await import("@/lib/integrations/captcha/dev-credentials");
  const captcha = await startCaptchaSimulator({ port: 0, ...RECAPTCHA_DEV_CREDENTIALS });
  configureCaptchaSimulator(process.env, captcha.port);
  return captcha;
}

/** The Sage simulator: the invoice of a request that pays by invoice. */
export async function startSage() {
  const { startSageSimulator } = await import("@/lib/integrations/sage/simulator/server");
  const { configureSageSimulator } = await import("@/lib/integrations/sage/simulator/configure");
  const { SAGE_DEV_CREDENTIALS } = await import("@/lib/integrations/sage/dev-credentials");
  const { clientId, clientSecret, refreshToken } = SAGE_DEV_CREDENTIALS;
  const sage = await startSageSimulator({ port: 0, clientId, clientSecret, initialRefreshToken: refreshToken });
  configureSageSimulator(process.env, sage.port);
  return sage;
}
