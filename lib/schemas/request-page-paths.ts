/*
 * The request page's addresses and the values carried to it, with no schema behind them: the
 * journey chooser (a client component) imports these, and importing lib/schemas/request-page-view.ts
 * instead put zod into the request form's first-load JavaScript.
 */

/** The request form's address (README "Requesting verification"). */
export const REQUEST_PAGE_PATH = "/requests/identity-verification";

/** Where the journey chooser's Continue goes (a GET form: it works without JavaScript). */
export const JOURNEY_CHOICE_PATH = "/requests/identity-verification/choose";

/** The values a visitor may bring to the request page besides the journey, carried through the choice. */
export interface CarriedRequestValues {
  companyName?: string;
  lwdbNumber?: string;
}
