import { getTranslations } from "next-intl/server";
import type { DirectorStatus } from "@/lib/domain/values";
import type { NextStep } from "@/lib/domain/director-journey";
import { cn } from "@/components/ui/cn";

export type StepState = "done" | "current" | "upcoming";
const STEPS = ["details", "identityCheck", "personalCode"] as const;
type Step = (typeof STEPS)[number];

/** Where each of the three steps stands, from the status and the next step. Pure. */
export function stepStates(status: DirectorStatus, next: NextStep): Record<Step, StepState> {
  const passed = status === "Verified" || status === "AwaitingAuthCode" || status === "Complete";
  return {
    details: next === "details" ? "current" : "done",
    identityCheck: passed ? "done" : next === "details" ? "upcoming" : "current",
    personalCode: status === "Complete" ? "done" : next === "personalCode" ? "current" : "upcoming",
  };
}

/** The steps of the journey as an ordered list, each saying whether it is done, current or to come. */
export async function JourneySteps({ status, next }: { status: DirectorStatus; next: NextStep }) {
  const t = await getTranslations("directorJourney");
  const states = stepStates(status, next);
  return (
    <nav aria-labelledby="journey-steps-title">
      <h2 id="journey-steps-title" className="sr-only">
        {t("stepsTitle")}
      </h2>
      <ol className="grid gap-2 sm:grid-cols-3" data-testid="journey-steps">
        {STEPS.map((step, i) => (
          <li
            key={step}
            aria-current={states[step] === "current" ? "step" : undefined}
            data-state={states[step]}
            className={cn(
              "rounded-md border p-3",
              states[step] === "current" ? "border-blue-800 bg-blue-50" : states[step] === "done" ? "border-green-800 bg-green-50" : "border-slate-300",
            )}
          >
            <span className="block font-semibold">
              {i + 1}. {t(`steps.${step}`)}
            </span>
            <span className="text-sm">{t(`stepState.${states[step]}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
