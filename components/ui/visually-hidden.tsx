import type { ComponentPropsWithRef, ElementType } from "react";

type VisuallyHiddenProps<T extends ElementType = "span"> = {
  /** Element to render; `span` by default. */
  as?: T;
} & Omit<ComponentPropsWithRef<T>, "as">;

/** Content for assistive technology only: hidden visually, still read by screen readers. */
export function VisuallyHidden<T extends ElementType = "span">({ as, className, ...rest }: VisuallyHiddenProps<T>) {
  const Component: ElementType = as ?? "span";
  return <Component className={className ? `sr-only ${className}` : "sr-only"} {...rest} />;
}
