// `npm run sim:captcha`: the local reCAPTCHA Enterprise simulator (lib/integrations/captcha/simulator).
// `npm start` runs it when the bot check is not configured; the end-to-end tests run it on their own port.
//
//   SIMULATOR_PORT         port (default 4040); the portal's RECAPTCHA_API_BASE is http://127.0.0.1:<port>
//                          and RECAPTCHA_SCRIPT_URL http://127.0.0.1:<port>/recaptcha/enterprise.js
//   RECAPTCHA_SITE_KEY / RECAPTCHA_API_KEY / RECAPTCHA_PROJECT_ID
//                          the only keys accepted (default: the development keys)
//
// Tokens from the script's execute() pass once, within two minutes, for the action they were made
// for. The fixed tokens `test-pass` and `test-fail` pass and fail, for scripts and tests.
import { RECAPTCHA_DEV_CREDENTIALS, RECAPTCHA_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/captcha/dev-credentials";
import { startCaptchaSimulator } from "../../lib/integrations/captcha/simulator/server";
import { runSimulator } from "../lib/run-simulator";
import { credentialsFromEnv, simulatorPort } from "../lib/simulator-settings";

const port = simulatorPort(RECAPTCHA_SIMULATOR_DEFAULT_PORT);
const variables = {
  siteKey: "RECAPTCHA_SITE_KEY",
  apiKey: "RECAPTCHA_API_KEY",
  projectId: "RECAPTCHA_PROJECT_ID",
};

const started = startCaptchaSimulator({
  port,
  ...credentialsFromEnv(variables, RECAPTCHA_DEV_CREDENTIALS),
  testTokens: process.env.APP_ENV !== "production",
});

runSimulator("captcha simulator", "the reCAPTCHA simulator", port, started, (simulator) => `reCAPTCHA Enterprise at ${simulator.apiBase}, script ${simulator.scriptUrl}`);
