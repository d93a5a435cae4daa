import { object } from "zod/mini";
import { captchaToken } from "@/lib/schemas/captcha-token";
import { trimmedText } from "@/lib/schemas/fields";
import { botCheckActions } from "@/lib/server/bot-check/assert-human";
import { findLwdbRecord } from "@/lib/server/lwdb/find-lwdb-record";
import { route } from "@/lib/route";

const query = object({ name: trimmedText(200), customerCode: trimmedText(40) });
const body = object({ captchaToken });

/**
 * An existing customer's record, to prefill the request form of the Existing journey:
 * `POST /api/lwdb-record?name=<company name>&customerCode=<lwdbNumber>` with JSON `{ captchaToken }`
 * → the record's company, contact, billing and VAT fields. A POST (not a GET) so the bot check's
 * token travels in the body. A failed bot check: 400; no match: 404 with a message saying what to
 * do; too many look-ups from one address: 429 with Retry-After. The bot check runs first, before
 * the query is read.
 */
export const POST = route({ auth: "public", human: botCheckActions.lwdbRecord, query, body, maxBytes: 16 * 1024 }, async ({ db, query, meta }) =>
  findLwdbRecord({ db, query, ...meta }),
);
