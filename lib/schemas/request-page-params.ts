import { enum as zEnum, literal, maxLength, minLength, object, optional, string, type infer as Infer } from "zod/mini";
import { journeyValues } from "@/lib/domain/values";

/*
 * The search parameters of the request page, /requests/identity-verification/?journey=…&companyName=…&lwdbNumber=…
 * `journey` is required and must be one of the three journeys; `companyName` (prefills the company
 * name) and `lwdbNumber` (an existing customer's code, which prefills the whole form) are optional
 * but, when given, not empty. The lengths match the request schema's, so whatever prefills the
 * form can also be submitted.
 */
export const requestPageParamsSchema = object({
  journey: zEnum(journeyValues),
  companyName: optional(string().check(minLength(1), maxLength(200))),
  lwdbNumber: optional(string().check(minLength(1), maxLength(50))),
});

export type RequestPageParams = Infer<typeof requestPageParamsSchema>;

/**
 * The page's parameters, or null when they do not make a request page (no or unknown journey, an
 * empty or overlong value): the page then asks how the company will pay, or shows the not-found
 * error view (lib/schemas/request-page-view.ts decides). A parameter given twice counts by its
 * first value, as URLSearchParams.get reads it.
 */
export function parseRequestPageParams(params: Record<string, string | string[] | undefined>): RequestPageParams | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const result = requestPageParamsSchema.safeParse({
    journey: first(params.journey),
    companyName: first(params.companyName),
    lwdbNumber: first(params.lwdbNumber),
  });
  return result.success ? result.data : null;
}

/**
 * The submitted page's parameters: the client reference, the card-payment retry credential if the
 * payment could not start, and `held=1` when the invitations wait for staff (what the page says next).
 */
export const submittedPageParamsSchema = object({
  reference: string().check(minLength(1), maxLength(50)),
  payment: optional(string().check(minLength(1), maxLength(200))),
  held: optional(literal("1")),
});

export function parseSubmittedPageParams(params: Record<string, string | string[] | undefined>): Infer<typeof submittedPageParamsSchema> | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const result = submittedPageParamsSchema.safeParse({ reference: first(params.reference), payment: first(params.payment), held: first(params.held) });
  return result.success ? result.data : null;
}
