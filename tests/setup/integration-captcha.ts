// The bot check in integration tests: each test file gets the reCAPTCHA Enterprise simulator on a
// free port of its own, and the portal's real adapter is pointed at it (as `npm start` and the
// end-to-end set-up do). Tests send the simulator's fixed token `test-pass` as `captchaToken`, or
// `test-fail` to see a refusal. A file that sets RECAPTCHA_* itself keeps its own values.
import { resetEnvCache } from "@/lib/env";
import { captchaSimulatorWanted, configureCaptchaSimulator } from "@/lib/integrations/captcha/simulator/configure";
import { startCaptchaSimulator } from "@/lib/integrations/captcha/simulator/server";
import { RECAPTCHA_DEV_CREDENTIALS } from "@/lib/integrations/captcha/dev-credentials";

const CONFIGURED = ["RECAPTCHA_SITE_KEY", "RECAPTCHA_API_KEY", "RECAPTCHA_PROJECT_ID", "RECAPTCHA_API_BASE", "RECAPTCHA_SCRIPT_URL"] as const;
let sim: Awaited<ReturnType<typeof startCaptchaSimulator>> | undefined;

beforeAll(async () => {
  if (!captchaSimulatorWanted(process.env)) return;
  sim = await startCaptchaSimulator({ port: 0, ...RECAPTCHA_DEV_CREDENTIALS });
  configureCaptchaSimulator(process.env, sim.port);
  resetEnvCache();
});

afterAll(async () => {
  if (!sim) return;
  // Leave nothing pointing at a closed port for whatever runs next in this worker.
  for (const name of CONFIGURED) delete process.env[name];
  resetEnvCache();
  await sim.close();
  sim = undefined;
});
