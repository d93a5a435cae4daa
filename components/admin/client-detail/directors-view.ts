import { directorStatusValues, type DirectorStatus } from "@/lib/domain/values";

/** The heading of the client page's individuals section (focus goes there after a deletion removes a row). */
export const INDIVIDUALS_HEADING_ID = "individuals-title";

/**
 * Which of a client's individuals the client page lists: one status or all (null), whether deleted
 * ones show, and the page of 25. It lives in the address (`individualsStatus`, `individualsDeleted`,
 * `individualsPage`), so the server sends only that page and a reload or a shared link keeps it.
 */
export interface DirectorsView {
  status: DirectorStatus | null;
  showDeleted: boolean;
  page: number;
}

/** A page's search parameters as Next.js gives them. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The view from the address; anything unreadable is the default (all, deleted hidden, page 1). */
export function parseDirectorsView(params: SearchParams): DirectorsView {
  const one = (key: string) => (typeof params[key] === "string" ? params[key] : undefined);
  const status = one("individualsStatus");
  const page = Number(one("individualsPage"));
  return {
    status: (directorStatusValues as readonly string[]).includes(status ?? "") ? (status as DirectorStatus) : null,
    showDeleted: one("individualsDeleted") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query ("?…", or "" when empty) with the view set and every other parameter kept. */
export function directorsViewQuery(current: URLSearchParams | SearchParams, view: DirectorsView): string {
  const params = current instanceof URLSearchParams ? new URLSearchParams(current) : toSearchParams(current);
  if (view.status) params.set("individualsStatus", view.status);
  else params.delete("individualsStatus");
  if (view.showDeleted) params.set("individualsDeleted", "1");
  else params.delete("individualsDeleted");
  if (view.page > 1) params.set("individualsPage", String(view.page));
  else params.delete("individualsPage");
  const query = params.toString();
  return query ? `?${query}` : "";
}

function toSearchParams(record: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, one);
  }
  return params;
}
