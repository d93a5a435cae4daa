import { countryOptions } from "@/lib/countries";
import { json } from "@/lib/http";
import { route } from "@/lib/route";

/** Public option lists: countries (ISO 3166-1 alpha-2 value, English name label). */
export const GET = route({ auth: "public", db: false }, () => json({ countries: countryOptions() }, { headers: { "Cache-Control": "public, max-age=86400" } }));
