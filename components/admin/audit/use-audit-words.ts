import { useTranslations } from "next-intl";
import type { AuditValues, AuditWords } from "@/lib/domain/audit-sentence";
import { useMoney } from "@/lib/ui-helpers/use-money";

/**
 * The words of audit sentences (lib/domain/audit-sentence.ts) from the messages: `auditSentence.*`,
 * the statuses' labels (`statuses.*`) and the audit types (`auditArea.types.*`). Works in server
 * components and in the browser.
 */
export function useAuditWords(): AuditWords {
  // @messages auditSentence statuses auditArea.types
  const t = useTranslations();
  const money = useMoney();
  // Keys are built at run time: use the translator untyped.
  const translate = t as unknown as { (key: string, values?: AuditValues): string; has(key: string): boolean };
  return {
    say(key: string, values?: AuditValues) {
      const full = key.startsWith("statuses.") ? key : key.startsWith("types.") ? `auditArea.${key}` : `auditSentence.${key}`;
      return translate.has(full) ? translate(full, values) : undefined;
    },
    money,
  };
}
