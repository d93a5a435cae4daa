import type { ReactNode, Ref } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export interface SentNoticeProps {
  /** The focus target (the form moves the focus here with useFocusWhen). */
  ref: Ref<HTMLDivElement>;
  title: ReactNode;
  children: ReactNode;
  /** The button's text: back to an empty form. */
  again: ReactNode;
  onAgain: () => void;
}

/** What a public form shows once sent: a success notice that takes the focus, and a button to send again. */
export function SentNotice({ ref, title, children, again, onAgain }: SentNoticeProps) {
  return (
    <div ref={ref} tabIndex={-1} className="flex flex-col gap-4 outline-none">
      <Alert variant="success" role="status" title={title}>
        {children}
      </Alert>
      <Button type="button" variant="secondary" onClick={onAgain}>
        {again}
      </Button>
    </div>
  );
}
