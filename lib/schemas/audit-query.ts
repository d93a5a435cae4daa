import { z } from "zod";
import { INVALID_CHARACTERS, isSingleLineText } from "./text";
import { auditTypeValues, securityEventValues, type AuditType } from "@/db/schema";
import { parseId } from "@/lib/parse-id";

/*
 * The audit area's query (GET /api/admin/audit and the page /administration/audit share it; the
 * page keeps it in the URL). Empty values, as an HTML form sends them, mean "no filter".
 */

/** The integration and job error types (docs/domain.md), which the "Errors only" filter selects. */
export const auditErrorTypes = auditTypeValues.filter((t) => t.endsWith("Error")) as AuditType[];

/** Entity types the application writes; the filter accepts any other simple name too. */
export const auditEntityTypes = ["Client", "Director", "Enquiry", "User", "Job"] as const;

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 200;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const isoDate = z.iso.date({ error: "date" });
const isoDateTime = z.iso.datetime({ offset: true, error: "date" });
/** A day (`YYYY-MM-DD`, in UK time) or an exact instant (ISO 8601 with offset). */
const dateOrInstant = z.union([isoDate, isoDateTime], { error: "date" });

const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on"]).transform((v) => v !== "false" && v !== "0")], { error: "invalid" });

const positiveInt = (max: number) => z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(max, "invalid");
/** A positive integer with a default for absent or empty values. */
const positiveIntOr = (max: number, value: number) => z.preprocess(blankToUndefined, positiveInt(max).default(value));

export const auditQuerySchema = z
  .object({
    page: positiveIntOr(1_000_000, 1),
    pageSize: positiveIntOr(AUDIT_MAX_PAGE_SIZE, AUDIT_DEFAULT_PAGE_SIZE),
    /** One audit type, or `errors` (same as errorsOnly=true). */
    auditType: optional(z.enum([...auditTypeValues, "errors"], { error: "invalid" })),
    errorsOnly: optional(flag),
    entityType: optional(z.string().trim().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, "invalid")),
    entityId: optional(z.string().refine(isSingleLineText, INVALID_CHARACTERS).trim().max(100, "tooLong")),
    clientId: optional(positiveInt(2_147_483_647)),
    directorId: optional(positiveInt(2_147_483_647)),
    from: optional(dateOrInstant),
    to: optional(dateOrInstant),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { path: ["to"], message: "dateOrder" })
  .transform(({ auditType, errorsOnly, ...rest }) => ({
    ...rest,
    auditType: auditType === "errors" ? undefined : auditType,
    errorsOnly: auditType === "errors" || errorsOnly === true,
  }));

export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

export const securityEventQuerySchema = z.object({
  page: positiveIntOr(1_000_000, 1),
  pageSize: positiveIntOr(AUDIT_MAX_PAGE_SIZE, AUDIT_DEFAULT_PAGE_SIZE),
  event: optional(z.enum(securityEventValues, { error: "invalid" })),
});

export type SecurityEventQuery = z.output<typeof securityEventQuerySchema>;

/**
 * `?limit=` of a record's audit trail: a positive whole number, else ignored (the list's own
 * default applies), as the trail is a convenience read and a bad limit harms nothing.
 */
export const auditLimitQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((v) => parseId(v) ?? undefined),
});

/** The first value of each name of a query string or a page's `searchParams`, as a plain object. */
export function firstValues(params: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    for (const [key, value] of params) if (!Object.hasOwn(out, key)) out[key] = value;
    return out;
  }
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[key] = first;
  }
  return out;
}
