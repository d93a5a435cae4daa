import type { ReactNode } from "react";

export interface JourneySectionProps {
  /** The section's id: where the task list links to. */
  id: string;
  /** The id of its heading, which names the section. */
  titleId: string;
  title: string;
  children: ReactNode;
}

/** One part of the individual's own page: a section named by its `<h2>`. */
export function JourneySection({ id, titleId, title, children }: JourneySectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className="render-when-near mt-8 space-y-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
