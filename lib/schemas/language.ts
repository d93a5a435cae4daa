import { z } from "zod";
import { locales } from "@/lib/i18n/locales";

/** GET /api/language?to=cy&back=/login: the language to switch to and the page to go back to. */
export const languageQuerySchema = z.object({
  to: z.enum(locales),
  back: z.string().max(2048).optional(),
});
