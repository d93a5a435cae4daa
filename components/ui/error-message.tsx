import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { VisuallyHidden } from "./visually-hidden";

/**
 * A field's or a group's error message, with the hidden "Error:" prefix screen readers read
 * before it; `id` is what the control's or fieldset's `aria-describedby` names.
 */
export function ErrorMessage({ id, className = "text-sm font-semibold text-danger", role, children }: { id?: string; className?: string; role?: "alert"; children: ReactNode }) {
  const t = useTranslations("common");
  return (
    <p id={id} className={className} role={role}>
      <VisuallyHidden>{`${t("errorPrefix")} `}</VisuallyHidden>
      {children}
    </p>
  );
}
