/**
 * The bot check's action names, one per form. The page executes reCAPTCHA with the form's name and
 * the server refuses a token made for any other, so a token obtained on one form cannot be spent on
 * another. Letters, digits, slashes and underscores only (Google's rule). Shared by the browser and
 * the server, so the two cannot drift apart.
 */
export const botCheckActions = {
  sendLink: "send_link",
  newEnquiry: "new_enquiry",
  requestVerification: "request_verification",
  lwdbRecord: "lwdb_record",
} as const;

export type BotCheckAction = (typeof botCheckActions)[keyof typeof botCheckActions];
