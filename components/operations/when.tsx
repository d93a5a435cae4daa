import { useFormatter } from "next-intl";

/** A moment as the page shows it: date and time in UK time, as a `<time>` element. */
export function When({ at }: { at: Date }) {
  const format = useFormatter();
  return <time dateTime={at.toISOString()}>{format.dateTime(at, { dateStyle: "medium", timeStyle: "medium" })}</time>;
}
