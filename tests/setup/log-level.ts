// Test runs write warnings and errors only, unless LOG_LEVEL says otherwise: every job's and
// request's info line would bury Jest's report. A test that looks at log lines captures them at the
// level it needs (lib/log/capture.ts). Processes the tests start keep the usual level (info).
import { log } from "@/lib/log";
import { logLevelFrom } from "@/lib/log/level";

log.level = process.env.LOG_LEVEL ? logLevelFrom(process.env.LOG_LEVEL) : "warn";
