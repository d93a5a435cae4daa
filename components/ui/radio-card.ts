import { cn } from "./cn";

/**
 * The box of a radio shown as a card (a GOV.UK radio with its label and text in a bordered
 * panel): white, navy once chosen, its border red while the group has an error.
 */
export function radioCardClassName(error: boolean) {
  return cn(
    "flex gap-3 rounded-md border-2 bg-white p-4",
    "has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50",
    error ? "border-danger" : "border-line",
  );
}
