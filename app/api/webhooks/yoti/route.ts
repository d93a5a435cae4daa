import { getYoti } from "@/lib/integrations/yoti";
import { route } from "@/lib/route";
import { handleYotiNotification } from "@/lib/server/identity-check/handle-yoti-notification";

/**
 * Yoti's notifications (session completion, expiry). The Authorization header must carry the token
 * the portal put in the session, compared in constant time; otherwise 401 and Yoti is not asked
 * anything. A genuine notification only says which session to fetch again; its result comes from
 * Yoti itself. Answered 200 once handled (also when there was nothing to do), 503 when Yoti could
 * not be reached, so that Yoti delivers it again.
 */
export const POST = route(
  {
    auth: "signature",
    maxBytes: 16 * 1024,
    verify: (_raw, request) => getYoti().verifyNotification(request.headers.get("authorization")),
  },
  async ({ db, raw }) => {
    const result = await handleYotiNotification({ db, body: raw.text });
    return { received: true, applied: result.applied };
  },
);
