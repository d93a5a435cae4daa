import Link from "next/link";
import type { ComponentPropsWithRef } from "react";
import { buttonClassName, type ButtonSize, type ButtonVariant } from "./button-styles";

export interface ButtonLinkProps extends ComponentPropsWithRef<typeof Link> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** An internal navigation link (next/link) styled as a button. */
export function ButtonLink({ variant = "primary", size = "md", fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, fullWidth, className })} {...rest} />;
}
