import { json } from "@/lib/http";
import { withCaptchaToken } from "@/lib/schemas/captcha-token";
import { enquirySchema } from "@/lib/schemas/enquiry";
import { botCheckActions } from "@/lib/server/bot-check/assert-human";
import { createEnquiry } from "@/lib/server/enquiries/create-enquiry";
import { route } from "@/lib/route";

/**
 * A contact enquiry from the public form, JSON `{ name, email, description, captchaToken }` →
 * 201 `{ success: true, id }`; support is told by email. A failed bot check: 400 'Verification
 * failed. Please try again.', nothing stored (checked before the body is validated).
 */
export const POST = route({ auth: "public", human: botCheckActions.newEnquiry, body: withCaptchaToken(enquirySchema) }, async ({ db, body, meta }) => {
  const { captchaToken: _token, ...input } = body;
  const { id } = await createEnquiry({ db, input, ...meta });
  return json({ success: true, id }, { status: 201 });
});
