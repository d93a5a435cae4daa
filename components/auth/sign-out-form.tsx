import { buttonClassName, type ButtonStyleOptions } from "@/components/ui/button-styles";

/**
 * "Sign out": a plain form that POSTs to /api/logout (works without JavaScript); the button is a
 * secondary one, its size and class as given.
 */
export function SignOutForm({
  label,
  size,
  className,
}: { label: string } & Pick<ButtonStyleOptions, "size" | "className">) {
  return (
    <form method="post" action="/api/logout">
      <button type="submit" className={buttonClassName({ variant: "secondary", size, className })}>
        {label}
      </button>
    </form>
  );
}
