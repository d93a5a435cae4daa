import { journeyValues, type Journey } from "@/lib/domain/values";
import { parseRequestPageParams, requestPageParamsSchema, type RequestPageParams } from "./request-page-params";

import { REQUEST_PAGE_PATH, type CarriedRequestValues } from "./request-page-paths";

export { JOURNEY_CHOICE_PATH, REQUEST_PAGE_PATH, type CarriedRequestValues } from "./request-page-paths";

/**
 * What the request page shows for its search parameters:
 * - `form`: a known journey (and valid optional values): the request form;
 * - `chooser`: no journey, or one that is not a journey (an empty one is what the chooser sends when
 *   nothing was chosen): the question of how the company will pay, with an error when a journey was
 *   given; the optional values that are valid are carried;
 * - `notFound`: a known journey with an empty or overlong company name or customer code, which no
 *   link of the portal makes: the not-found error view, as before.
 */
export type RequestPageView =
  | { view: "form"; params: RequestPageParams }
  | ({ view: "chooser"; error: boolean } & CarriedRequestValues)
  | { view: "notFound" };

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function isJourney(value: string | undefined): value is Journey {
  return (journeyValues as readonly string[]).includes(value ?? "");
}

/** The optional values of `raw` that are valid on their own (as the request page reads them). */
function carriedValuesOf(raw: RawParams): CarriedRequestValues {
  const out: CarriedRequestValues = {};
  const { companyName, lwdbNumber } = requestPageParamsSchema.shape;
  const name = companyName.safeParse(first(raw.companyName));
  if (name.success && name.data !== undefined) out.companyName = name.data;
  const code = lwdbNumber.safeParse(first(raw.lwdbNumber));
  if (code.success && code.data !== undefined) out.lwdbNumber = code.data;
  return out;
}

export function requestPageViewOf(raw: RawParams): RequestPageView {
  const params = parseRequestPageParams(raw);
  if (params) return { view: "form", params };
  const journey = first(raw.journey);
  if (isJourney(journey)) return { view: "notFound" };
  return { view: "chooser", error: journey !== undefined, ...carriedValuesOf(raw) };
}

/**
 * The address the chooser's answer leads to: the request page with the chosen journey and the
 * carried values. Nothing chosen (or a value that is not a journey) gives an empty journey, which
 * the page answers with the chooser and its error.
 */
export function journeyChoiceTarget(raw: RawParams): string {
  const journey = first(raw.journey);
  const query = new URLSearchParams({ journey: isJourney(journey) ? journey : "" });
  const { companyName, lwdbNumber } = carriedValuesOf(raw);
  if (companyName) query.set("companyName", companyName);
  if (lwdbNumber) query.set("lwdbNumber", lwdbNumber);
  return `${REQUEST_PAGE_PATH}?${query.toString()}`;
}
