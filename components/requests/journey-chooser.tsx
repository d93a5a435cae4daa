"use client";

import { useTranslations } from "next-intl";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Choice, ChoiceGroup } from "@/components/ui/choice";
import { radioCardClassName } from "@/components/ui/radio-card";
import { journeyValues } from "@/lib/domain/values";
import { JOURNEY_CHOICE_PATH, type CarriedRequestValues } from "@/lib/schemas/request-page-paths";

/** The order the choices are offered in: the usual first. */
const CHOICES = ["PayByCard", "PayByInvoice", "Existing"] as const satisfies readonly (typeof journeyValues)[number][];

const inputId = (journey: string) => `journey-${journey}`;

export interface JourneyChooserProps extends CarriedRequestValues {
  /** Nothing (or no journey) was chosen: the error summary and the group's error message. */
  error: boolean;
}

/**
 * "How will the company pay?" before the request form: GOV.UK radios (a fieldset whose legend is
 * the question, a hint under each choice) and a Continue button. A plain GET form to
 * JOURNEY_CHOICE_PATH, which goes on to the form with `?journey=…`; it works without JavaScript.
 * With an error, the error summary links to the first choice and takes the focus on arrival.
 */
export function JourneyChooser({ error, companyName, lwdbNumber }: JourneyChooserProps) {
  const t = useTranslations("requestJourney");
  const errorId = "journey-error";
  const summaryId = "journey-error-summary";

  return (
    <form method="get" action={JOURNEY_CHOICE_PATH} noValidate className="flex flex-col gap-6">
      <ErrorSummary id={summaryId} title={t("errorSummary")} items={error ? [{ message: t("required"), controlId: inputId(CHOICES[0]) }] : []} focusKey={error ? "arrival" : undefined} />
      {companyName ? <input type="hidden" name="companyName" value={companyName} /> : null}
      {lwdbNumber ? <input type="hidden" name="lwdbNumber" value={lwdbNumber} /> : null}
      <ChoiceGroup legend={t("legend")} legendClassName="mb-2 text-xl font-bold text-ink" error={error ? t("required") : undefined} errorId={errorId}>
        <div className="flex flex-col gap-3">
          {CHOICES.map((journey) => (
            // The label holds only the choice's name (the hint is its description, as GOV.UK
            // radios have it); its ::after covers the card, so the whole card picks the choice.
            <Choice
              key={journey}
              id={inputId(journey)}
              type="radio"
              name="journey"
              value={journey}
              label={t(`options.${journey}.label`)}
              hint={t(`options.${journey}.hint`)}
              className={cn("relative", radioCardClassName(error))}
              labelClassName="cursor-pointer font-semibold after:absolute after:inset-0 after:content-['']"
            />
          ))}
        </div>
      </ChoiceGroup>
      <div>
        <Button type="submit">{t("continue")}</Button>
      </div>
    </form>
  );
}
