"use client";

import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { FieldIdScope } from "../field";

export interface KitFormElementProps extends Omit<ComponentPropsWithoutRef<"form">, "noValidate"> {
  /** The form's FieldIdScope: its fields' ids are `<scope>-<path>`, so its error summary links to them. */
  scope?: string;
  /** Sets `data-ready="true"` once hydrated: end-to-end tests wait for it before typing. */
  markReady?: boolean;
  children: ReactNode;
}

/** A form as every form here is: no browser validation (the schema's messages instead), its fields' ids scoped. */
export function KitFormElement({ scope, markReady = false, children, ...props }: KitFormElementProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (markReady) ref.current?.setAttribute("data-ready", "true");
  }, [markReady]);
  const form = (
    <form ref={ref} noValidate {...props}>
      {children}
    </form>
  );
  return scope ? <FieldIdScope scope={scope}>{form}</FieldIdScope> : form;
}
