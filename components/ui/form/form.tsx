"use client";

import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { FieldIdScope, SavedValuesScope } from "../field";

export interface KitFormElementProps extends Omit<ComponentPropsWithoutRef<"form">, "noValidate"> {
  /** The form's FieldIdScope: its fields' ids are `<scope>-<path>`, so its error summary links to them. */
  scope?: string;
  /** Sets `data-ready="true"` once hydrated: end-to-end tests wait for it before typing. */
  markReady?: boolean;
  /**
   * The values the form opens with (its `defaultValues`): its fields show them in the server's
   * HTML, so a saved record reads right before the page's script has run.
   */
  defaults?: Readonly<Record<string, unknown>>;
  children: ReactNode;
}

/** A form as every form here is: no browser validation (the schema's messages instead), its fields' ids scoped. */
export function KitFormElement({ scope, markReady = false, defaults, children, ...props }: KitFormElementProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (markReady) ref.current?.setAttribute("data-ready", "true");
  }, [markReady]);
  const form = (
    <form ref={ref} noValidate {...props}>
      {defaults ? <SavedValuesScope values={defaults}>{children}</SavedValuesScope> : children}
    </form>
  );
  return scope ? <FieldIdScope scope={scope}>{form}</FieldIdScope> : form;
}
