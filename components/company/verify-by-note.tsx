import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/dates/format-date";
import type { Deadline } from "@/lib/domain/verify-by";

/**
 * A person's verify-by date under their status, for their company's contact and for staff: "Verify
 * by 14 March 2027", or once passed "Overdue: should have been verified by 14 March 2027" (in
 * words and in colour, never colour alone), with why that date binds them. Nothing for someone no
 * date binds, or who is complete, rejected or deleted (the server sends no deadline for them).
 * Works as a server component and in the browser (no hooks but the translator and the locale).
 */
export function VerifyByNote({ deadline, className }: { deadline: Pick<Deadline, "date" | "reason" | "overdue"> | null; className?: string }) {
  const t = useTranslations("deadlines");
  const locale = useLocale();
  if (!deadline) return null;
  const date = formatDate(deadline.date, locale);
  return (
    <span className={className} data-testid="verify-by" data-overdue={deadline.overdue ? "true" : undefined}>
      <span className={deadline.overdue ? "block text-sm font-semibold text-danger" : "block text-sm font-semibold"}>
        {deadline.overdue ? t("overdue", { date }) : t("verifyBy", { date })}
      </span>
      <span className="block text-sm text-ink-muted">{t(`reasons.${deadline.reason}`)}</span>
    </span>
  );
}
