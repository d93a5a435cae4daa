"use client";

import { useRouter } from "next/navigation";
import type { Resolver } from "react-hook-form";
import { ReasonForm, type Reason, type ReasonAnswer } from "@/components/ui/form/reason-form";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { useToastMessages } from "@/components/ui/toast";
import { sendJson, type ApiResult } from "./api";

export interface StaffReasonFormProps {
  /** Where the reason is sent (POST `{ reason }`). */
  url: string;
  resolver: Resolver<Reason>;
  /** The dialog's words: `reason`, `reasonHint`, `submit`, `cancel`. */
  words: (key: "reason" | "reasonHint" | "submit" | "cancel") => string;
  summaryTitle: string;
  /** The success toast's key. */
  done: string;
  /** The problems of a refusal: the reason's and the whole form's (message keys). */
  problems: (refusal: Extract<ApiResult, { ok: false }>) => Exclude<ReasonAnswer, true>;
  onClose: () => void;
}

/** A staff action on an individual that needs a reason (re-open, resolve a register finding): sent, toasted, the page refreshed. */
export function StaffReasonForm({ url, resolver, words, summaryTitle, done, problems, onClose }: StaffReasonFormProps) {
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useStaffMessage();

  async function send(reason: string): Promise<ReasonAnswer> {
    const result = await sendJson(url, { reason });
    if (result.ok) {
      toastMessage.success(done);
      router.refresh();
      onClose();
      return true;
    }
    toastMessage.error("formSubmitFailed");
    return problems(result);
  }

  return (
    <ReasonForm
      resolver={resolver}
      label={words("reason")}
      hint={words("reasonHint")}
      maxLength={1000}
      submitLabel={words("submit")}
      cancelLabel={words("cancel")}
      onCancel={onClose}
      summaryTitle={summaryTitle}
      translate={message}
      onSend={send}
    />
  );
}
