import { countryOptions } from "@/lib/countries";
import { json, route } from "@/lib/http";

/** Public option lists: countries (ISO 3166-1 alpha-2 value, English name label). */
export const GET = route(async () => json({ countries: countryOptions() }, { headers: { "Cache-Control": "public, max-age=86400" } }));
