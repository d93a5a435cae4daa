"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { directorStatusLifecycleOrder, type DirectorStatus } from "@/lib/domain/values";
import { penceToPounds } from "@/lib/json-patch/fields";
import {
  priceOverrideFormSchema,
  statusOverrideFormSchema,
  type PriceOverrideFormInput,
  type StatusOverrideFormInput,
} from "@/lib/schemas/director-patch";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, SelectField, TextareaField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendPatch } from "./api";
import { useFieldMessage } from "./use-field-message";

interface OverrideDirector {
  id: number;
  name: string;
  status: DirectorStatus;
  statusOverride: DirectorStatus | null;
  statusOriginal: DirectorStatus | null;
  priceOverride: number | null;
  priceOverrideReason: string | null;
}

type DialogProps = { director: OverrideDirector; open: boolean; onClose: () => void };

/**
 * The status override dialog: a new status (or removing the override) and a reason longer than
 * 10 characters ('Reason must be longer than 10 characters.'), checked here and by the server.
 */
export function StatusOverrideDialog({ director, open, onClose }: DialogProps) {
  const t = useTranslations("clientDetail.statusOverride");
  return (
    <Dialog open={open} onClose={onClose} title={t("title", { name: director.name })} description={t("description")}>
      <StatusOverrideForm director={director} onClose={onClose} />
    </Dialog>
  );
}

function StatusOverrideForm({ director, onClose }: { director: OverrideDirector; onClose: () => void }) {
  const t = useTranslations("clientDetail.statusOverride");
  const ts = useTranslations("statuses.director");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StatusOverrideFormInput, unknown, z.output<typeof statusOverrideFormSchema>>({
    resolver: zodResolver(statusOverrideFormSchema),
    defaultValues: { statusOverride: director.statusOverride ?? director.status, statusOverrideReason: "" },
  });

  async function submit(values: z.output<typeof statusOverrideFormSchema>) {
    const result = await sendPatch(directorUrl(director.id), [
      { op: "replace", path: "/statusOverride", value: values.statusOverride === "" ? null : values.statusOverride },
      { op: "replace", path: "/statusOverrideReason", value: values.statusOverrideReason },
    ]);
    if (result.ok) {
      toastMessage.success("statusOverrideSaved", { values: { name: director.name } });
      router.refresh();
      onClose();
      return;
    }
    const reasonError = result.fields.statusOverrideReason?.[0];
    const statusError = result.fields.statusOverride?.[0];
    if (reasonError) setError("statusOverrideReason", { type: "server", message: reasonError }, { shouldFocus: true });
    if (statusError) setError("statusOverride", { type: "server", message: statusError });
    toastMessage.error("formSubmitFailed");
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <p>
        {t("current", { status: ts(director.status) })}
        {director.statusOriginal ? (
          <>
            <br />
            {t("original", { status: ts(director.statusOriginal) })}
          </>
        ) : null}
      </p>
      <SelectField label={t("status")} error={message(errors.statusOverride?.message)} {...register("statusOverride")}>
        {director.statusOverride ? <option value="">{t("remove", { status: ts(director.statusOriginal ?? director.status) })}</option> : null}
        {directorStatusLifecycleOrder.map((s) => (
          <option key={s} value={s}>
            {ts(s)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label={t("reason")}
        hint={t("reasonHint")}
        rows={3}
        maxLength={1000}
        error={message(errors.statusOverrideReason?.message)}
        {...register("statusOverrideReason")}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          {t("submit")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** The price override dialog: an amount in pounds (blank removes the override) and a required reason. */
export function PriceOverrideDialog({ director, open, onClose }: DialogProps) {
  const t = useTranslations("clientDetail.priceOverride");
  return (
    <Dialog open={open} onClose={onClose} title={t("title", { name: director.name })} description={t("description")}>
      <PriceOverrideForm director={director} onClose={onClose} />
    </Dialog>
  );
}

function PriceOverrideForm({ director, onClose }: { director: OverrideDirector; onClose: () => void }) {
  const t = useTranslations("clientDetail.priceOverride");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const message = useFieldMessage();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PriceOverrideFormInput, unknown, z.output<typeof priceOverrideFormSchema>>({
    resolver: zodResolver(priceOverrideFormSchema),
    defaultValues: { priceOverride: penceToPounds(director.priceOverride), priceOverrideReason: director.priceOverrideReason ?? "" },
  });

  async function submit(values: z.output<typeof priceOverrideFormSchema>) {
    setBusy(true);
    try {
      const result = await sendPatch(directorUrl(director.id), [
        { op: "replace", path: "/priceOverride", value: values.priceOverride },
        { op: "replace", path: "/priceOverrideReason", value: values.priceOverrideReason },
      ]);
      if (result.ok) {
        toastMessage.success("priceOverrideSaved", { values: { name: director.name } });
        router.refresh();
        onClose();
        return;
      }
      const amountError = result.fields.priceOverride?.[0];
      const reasonError = result.fields.priceOverrideReason?.[0];
      if (amountError) setError("priceOverride", { type: "server", message: amountError }, { shouldFocus: true });
      if (reasonError) setError("priceOverrideReason", { type: "server", message: reasonError }, { shouldFocus: !amountError });
      toastMessage.error("formSubmitFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <Field label={t("amount")} hint={t("amountHint")} inputMode="decimal" error={message(errors.priceOverride?.message)} {...register("priceOverride")} />
      <TextareaField label={t("reason")} rows={3} maxLength={1000} error={message(errors.priceOverrideReason?.message)} {...register("priceOverrideReason")} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {t("submit")}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
