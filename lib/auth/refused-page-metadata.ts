import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ERROR_CATALOGUE } from "@/lib/errors";
import { getCurrentUser } from "./get-current-user";
import { can, type Action } from "./permissions";

/**
 * The metadata of a page that `requirePageUser(action)` refuses (the 401 or 403 screen's title),
 * or null when it lets the current user in.
 *
 * Next renders app/forbidden.tsx or app/unauthorized.tsx in place of a layout or page that calls
 * `forbidden()`/`unauthorized()`, but the <title> still comes from the refused page's own metadata:
 * those files' generateMetadata is only read when the error escapes the root layout. So the segment
 * that refuses titles itself as the screen shown. A page returns this instead of its own metadata; a
 * layout returns it so that its template, the whole title with no `%s`, titles every page below it.
 */
export async function refusedPageMetadata(action: Action): Promise<Metadata | null> {
  const user = await getCurrentUser();
  const kind = !user ? "unauthorized" : can(user.type, action) ? null : "forbidden";
  if (!kind) return null;
  const [t, chrome] = await Promise.all([getTranslations("errors"), getTranslations("chrome")]);
  const title = chrome("titleTemplate").replace("%s", t(ERROR_CATALOGUE[kind].titleKey));
  return { title: { absolute: title, template: title } };
}
