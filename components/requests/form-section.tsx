import { useId, type ReactNode } from "react";

/**
 * One titled part of the request form: a `<section>` named by its `<h2>`, so screen-reader users
 * can move between the parts by heading or landmark.
 */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 rounded-lg border border-line-soft bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {description ? <div className="max-w-prose text-ink-muted">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
