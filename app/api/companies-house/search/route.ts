import { minLength, object } from "zod/mini";
import { trimmedText } from "@/lib/schemas/fields";
import { searchCompanies } from "@/lib/server/companies-house/search-companies";
import { route } from "@/lib/route";

const query = object({ q: trimmedText(100).check(minLength(2, "searchTooShort")) });

/**
 * `GET /api/companies-house/search?q=<name or number>`: up to eight companies at Companies House
 * whose name matches, best first, for the request form's company name to suggest: `{ suggestions:
 * [{ number, name, status, statusLabel, closed, address }] }`. At least two characters (400).
 * Public and without a bot check (it answers as people type); limited per client address and over
 * all callers (429); the register unavailable: 503.
 */
export const GET = route({ auth: "public", query }, async ({ db, query: { q }, meta }) => searchCompanies({ db, q, ...meta }));
