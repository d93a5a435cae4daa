import { useFormatter } from "next-intl";

const POUNDS = { style: "currency", currency: "GBP" } as const;

/**
 * Amounts, kept in pence, as pounds sterling in the reader's language ("£55.00"). Given `none`,
 * the formatter also takes a missing amount (null), shown as `none`. Works in server components
 * and in the browser.
 */
export function useMoney(): (pence: number) => string;
export function useMoney<T>(none: T): (pence: number | null | undefined) => string | T;
export function useMoney<T>(none?: T) {
  const format = useFormatter();
  return (pence: number | null | undefined) =>
    pence === null || pence === undefined ? none : format.number(pence / 100, POUNDS);
}
