import "server-only";
import type { RegisterCheck } from "@/db/schema";
import { currentLocale } from "@/lib/i18n/current-locale";
import { translator } from "@/lib/i18n/translator";

type T = ReturnType<typeof translator>;

/** "June 1971", in the language of the moment (lib/i18n/current-locale.ts); "unknown" when there is none. */
export function birthMonthText(t: T, month: number | null | undefined, year: number | null | undefined): string {
  if (!month || !year) return t("registerCheck.birthUnknown");
  return new Intl.DateTimeFormat(currentLocale(), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 15)));
}

/**
 * The admins' notification of a finding that needs them (a mismatch, an individual not on the
 * register, a register that could not be asked), both sides' values in words.
 */
export function registerFindingNotice(t: T, check: Pick<RegisterCheck, "outcome" | "companyNumber" | "attempts" | "verifiedName" | "verifiedBirthMonth" | "verifiedBirthYear" | "registerName" | "registerBirthMonth" | "registerBirthYear">, who: { name: string; company: string }): string | null {
  const values = {
    ...who,
    verifiedName: check.verifiedName ?? t("registerCheck.nameUnknown"),
    verifiedBirth: birthMonthText(t, check.verifiedBirthMonth, check.verifiedBirthYear),
    registerName: check.registerName ?? t("registerCheck.nameUnknown"),
    registerBirth: birthMonthText(t, check.registerBirthMonth, check.registerBirthYear),
    companyNumber: check.companyNumber ?? "",
    attempts: check.attempts,
  };
  switch (check.outcome) {
    case "mismatch":
      return t("notifications.registerMismatch", values);
    case "not_on_register":
      return check.companyNumber ? t("notifications.registerNotFound", values) : t("notifications.registerNoCompanyNumber", values);
    case "register_unavailable":
      return t("notifications.registerUnavailable", values);
    default:
      return null;
  }
}
