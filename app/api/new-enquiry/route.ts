import { json } from "@/lib/http";
import { withCaptchaToken } from "@/lib/schemas/captcha-token";
import { enquirySchema } from "@/lib/schemas/enquiry";
import { assertHuman, botCheckActions } from "@/lib/server/bot-check/assert-human";
import { createEnquiry } from "@/lib/server/enquiries/create-enquiry";
import { route } from "@/lib/route";

/**
 * A contact enquiry from the public form, JSON `{ name, email, description, captchaToken }` →
 * 201 `{ success: true, id }`; support is told by email. A failed bot check: 400 'Verification
 * failed. Please try again.', nothing stored.
 */
export const POST = route({ auth: "public", body: withCaptchaToken(enquirySchema) }, async ({ db, body, meta }) => {
  const { captchaToken, ...input } = body;
  await assertHuman({ token: captchaToken, action: botCheckActions.newEnquiry, meta });
  const { id } = await createEnquiry({ db, input, ...meta });
  return json({ success: true, id }, { status: 201 });
});
