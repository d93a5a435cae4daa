import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, errorResponse, json, parseWith, readJson, requestMeta, route } from "@/lib/http";
import { wakeWorker } from "@/lib/jobs/worker";
import { loginSchema } from "@/lib/schemas/sign-in";
import { AppError } from "@/lib/server/app-error";
import { requestSignInLink } from "@/lib/server/sign-in/request-sign-in-link";


export const POST = route(async (request: Request) => {
  const env = getEnv();
  assertSameOrigin(request, env.APP_URL);
  const input = parseWith(loginSchema, await readJson(request, 4096));
  const started = performance.now();
  try {
    await requestSignInLink({ db: await getDb(), env, input, ...requestMeta(request) });
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") {
      const retryAfter = Number(err.details?.retryAfterSeconds ?? 60);
      return errorResponse("rate_limited", "rate_limited", { retryAfterSeconds: retryAfter }, { "Retry-After": String(retryAfter) });
    }
    throw err;
  }
  // Every accepted request takes at least this long, so a match (which writes a token and an email
  // job) cannot be told from a miss by its timing.
  const wait = env.SEND_LINK_MIN_MS - (performance.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  wakeWorker();
  return json({ success: true });
});
