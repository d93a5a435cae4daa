"use client";

import { useEffect, useRef } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Alert } from "./alert";
import { fieldId } from "./field";

/** One problem of a form: its message (the field's own error message) and the control it is about. */
export interface ErrorSummaryItem {
  message: string;
  /** Id of the control the link goes to (and focuses); none for a problem of the whole form. */
  controlId?: string;
}

export interface ErrorSummaryProps {
  items: ErrorSummaryItem[];
  /** Id of the summary box (default "error-summary"). */
  id?: string;
  /** Title; default "There is a problem". */
  title?: string;
  /**
   * Changes on each failed submit (react-hook-form's `submitCount`, or a counter): the summary takes
   * the focus then, so a screen reader reads it first. Focus stays put while the person edits.
   */
  focusKey?: unknown;
}

/**
 * The error summary (GOV.UK pattern): at the top of a form, "There is a problem" and every problem
 * as a link to its field. A link focuses the field itself (not just scrolls to it). Renders nothing
 * without problems.
 */
export function ErrorSummary({ items, id = "error-summary", title, focusKey }: ErrorSummaryProps) {
  const t = useTranslations("errorSummary");
  const lastKey = useRef<unknown>(undefined);
  const count = items.length;
  useEffect(() => {
    if (focusKey === undefined || focusKey === lastKey.current) return;
    // The key can change a render before the problems arrive (react-hook-form calls the invalid
    // handler, whose state update may render at once, before it publishes the errors): the key
    // counts as handled only once the summary is there and has taken the focus.
    const summary = count ? document.getElementById(id) : null;
    if (!summary) return;
    lastKey.current = focusKey;
    summary.focus();
  }, [focusKey, count, id]);
  if (!count) return null;
  return (
    <Alert id={id} variant="error" title={title ?? t("title")} tabIndex={-1} className="focus:outline-2 focus:outline-offset-2 focus:outline-navy-900">
      <ul className="mt-1 list-disc pl-5">
        {items.map((item, index) => (
          <li key={`${item.controlId ?? "form"}-${index}`}>
            {item.controlId ? (
              <a href={`#${item.controlId}`} className="font-semibold underline underline-offset-2" onClick={(event) => focusControl(event, item.controlId!)}>
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function focusControl(event: React.MouseEvent<HTMLAnchorElement>, controlId: string) {
  const control = document.getElementById(controlId);
  if (!control) return;
  event.preventDefault();
  // Bring the field's label into view too (GOV.UK: the question, not just the box).
  const label = document.querySelector(`label[for="${controlId}"]`) ?? control;
  label.scrollIntoView?.({ block: "start" });
  control.focus({ preventScroll: true });
}

/** The path of the form's own problems (react-hook-form's top-level `root`) while walking the errors. */
const FORM_ROOT = "\u0000root";

/**
 * Every error of a react-hook-form form as summary items, in the order given by `order` (field
 * paths; the form's order on screen) and then as react-hook-form holds them. `scope` is the form's
 * FieldIdScope prefix; `controlFor` names another control for a path (a radio group's first radio,
 * a list's first row); `translate` turns a message key into text. Problems of the whole form
 * (`root.server`) come first, without a link.
 */
export function summaryItems<T extends FieldValues>(
  errors: FieldErrors<T>,
  {
    scope,
    translate,
    order = [],
    controlFor,
  }: { scope: string; translate: (key: string | undefined) => string | undefined; order?: readonly string[]; controlFor?: (path: string) => string | undefined },
): ErrorSummaryItem[] {
  const found: { path: string; message: string }[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === "string" && record.message !== "") found.push({ path, message: record.message });
    for (const [key, child] of Object.entries(record)) {
      if (key === "ref" || key === "message" || key === "type" || key === "types") continue;
      // The form's own `root` (setError("root.server")) is about no field; a list's `root` is the list's.
      walk(child, key === "root" ? (path ? path : FORM_ROOT) : path ? `${path}.${key}` : key);
    }
  };
  walk(errors, "");
  const rank = (path: string) => {
    if (path.startsWith(FORM_ROOT)) return -1;
    const index = order.findIndex((prefix) => path === prefix || path.startsWith(`${prefix}.`));
    return index === -1 ? order.length : index;
  };
  const seen = new Set<string>();
  return found
    .map((f, i) => ({ ...f, i }))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.i - b.i)
    .filter((f) => (seen.has(f.path) ? false : (seen.add(f.path), true)))
    .map((f) => ({ message: translate(f.message) ?? f.message, controlId: f.path.startsWith(FORM_ROOT) ? undefined : (controlFor?.(f.path) ?? fieldId(scope, f.path)) }));
}
