"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { ChoiceGroup } from "@/components/ui/choice";
import { cn } from "@/components/ui/cn";
import { radioCardClassName } from "@/components/ui/radio-card";
import { usePublicMessage } from "@/components/ui/form/messages";

const TIERS = ["OneOff", "Managed"] as const;

const radioId = (tier: (typeof TIERS)[number]) => `service-option-${tier}`;
/** The first radio: where the error summary's link for the service option goes. */
export const SERVICE_OPTION_FIRST_ID = radioId(TIERS[0]);

/**
 * The service option as a radio group: the one-off solution (one individual) or the group managed
 * solution (all affected individuals). A `<fieldset>` whose legend names the group; its error is
 * tied to the group and every radio.
 */
export function ServiceOption() {
  const t = useTranslations("requestForm.serviceOption");
  const message = usePublicMessage();
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<OnboardingRequestInput>();
  const error = errors.productTier ? (errors.productTier.message === "invalidValue" ? t("required") : message(errors.productTier.message)) : undefined;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  return (
    <ChoiceGroup legend={t("legend")} hint={t("onboardingNote")} hintId={noteId} error={error} errorId={errorId}>
      <div className="grid gap-3 sm:grid-cols-2">
        {TIERS.map((tier) => {
          const inputId = radioId(tier);
          return (
            <label
              key={tier}
              htmlFor={inputId}
              className={cn("cursor-pointer", radioCardClassName(Boolean(error)))}
            >
              <input
                id={inputId}
                type="radio"
                value={tier}
                className="mt-1 size-5 shrink-0 accent-navy-900"
                aria-describedby={`${inputId}-description`}
                {...register("productTier")}
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">{t(`${tier}.label`)}</span>
                <span id={`${inputId}-description`} className="text-sm text-ink-muted">
                  {t(`${tier}.description`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </ChoiceGroup>
  );
}
