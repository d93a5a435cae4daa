import { csvResponse } from "@/lib/csv/response";
import { exportOwnDirectorsCsv } from "@/lib/server/exports/export-own-directors-csv";
import { route } from "@/lib/route";

/** The contact's own company's individuals as a CSV file (DV_CompanyContact only). */
export const GET = route({ auth: "user", action: "company.directors.export" }, async ({ db, user }) => csvResponse(await exportOwnDirectorsCsv({ db, user })));
