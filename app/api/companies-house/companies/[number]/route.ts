import { object, pipe, string, transform, refine } from "zod/mini";
import { normaliseCompanyNumber } from "@/lib/domain/company-number";
import { parseWith } from "@/lib/http";
import { lookupCompany } from "@/lib/server/companies-house/lookup-company";
import { route } from "@/lib/route";

/** The path's company number as typed (spaces, small letters, without its leading zeros), in the register's form. */
const params = object({
  number: pipe(
    string().check(refine((v) => normaliseCompanyNumber(v) !== null, "companyIdFormat")),
    transform((v: string) => normaliseCompanyNumber(v)!),
  ),
});

/**
 * `GET /api/companies-house/companies/{number}`: the company at Companies House, for the request
 * form: `{ company: { number, name, displayName, status, statusLabel, registeredOffice: { line1,
 * line2, city, region, postCode, country }, confirmationStatementDue }, people: [{ key,
 * displayName, role, kind, officerId, appointedOn, birthMonth, birthYear, register }] }` with its
 * current officers who are people and its current individual PSCs. Public and without a bot check
 * (it answers as people type); limited per client address (429). A number that cannot be one: 400;
 * no such company: 404 `company_not_found`; dissolved or closed: 409 `company_dissolved`; the
 * register unavailable: 503 (the form then asks for the details by hand).
 */
export const GET = route({ auth: "public", params: { number: "string" } }, async ({ db, params: raw, meta }) => {
  const { number } = parseWith(params, raw);
  return lookupCompany({ db, number, ...meta });
});
