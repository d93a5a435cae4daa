"use client";

import { useRouter } from "next/navigation";
import type { FieldValues } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { directorStatusLifecycleOrder, type DirectorStatus } from "@/lib/domain/values";
import { penceToPounds } from "@/lib/pricing/pricing";
import {
  priceOverrideFormSchema,
  statusOverrideFormSchema,
  type PriceOverrideFormInput,
  type StatusOverrideFormInput,
} from "@/lib/schemas/director-patch";
import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field, SelectField, TextareaField } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { useKitForm, type KitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import { directorUrl, sendPatch } from "./api";

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

type FormProps = { director: OverrideDirector; onClose: () => void };

/** A director's override dialog: its title names them; the form sends the override. */
function OverrideDialog({ namespace, form: Form, director, open, onClose }: DialogProps & { namespace: "clientDetail.statusOverride" | "clientDetail.priceOverride"; form: (props: FormProps) => React.ReactNode }) {
  const t = useTranslations(namespace);
  return (
    <Dialog open={open} onClose={onClose} title={t("title", { name: director.name })} description={t("description")}>
      <Form director={director} onClose={onClose} />
    </Dialog>
  );
}

/**
 * The status override dialog: a new status (or removing the override) and a reason longer than
 * 10 characters ('Reason must be longer than 10 characters.'), checked here and by the server.
 */
export function StatusOverrideDialog(props: DialogProps) {
  return <OverrideDialog {...props} namespace="clientDetail.statusOverride" form={StatusOverrideForm} />;
}

/** The price override dialog: an amount in pounds (blank removes the override) and a required reason. */
export function PriceOverrideDialog(props: DialogProps) {
  return <OverrideDialog {...props} namespace="clientDetail.priceOverride" form={PriceOverrideForm} />;
}

/**
 * Sends an override's two fields (in that order); on success says so and closes, else marks the
 * fields the server named, the first of `focusOrder` focused.
 */
function useOverrideSubmit<T extends FieldValues>(
  director: OverrideDirector,
  onClose: () => void,
  form: KitForm<T, unknown>,
  saved: "statusOverrideSaved" | "priceOverrideSaved",
  fields: readonly [string, string],
  focusOrder: readonly string[] = fields,
) {
  const router = useRouter();
  const toastMessage = useToastMessages();
  return async (values: Record<string, unknown>) => {
    const result = await sendPatch(
      directorUrl(director.id),
      fields.map((field) => ({ op: "replace" as const, path: `/${field}`, value: values[field] })),
    );
    if (result.ok) {
      toastMessage.success(saved, { values: { name: director.name } });
      router.refresh();
      onClose();
      return;
    }
    form.serverErrors(result.fields, focusOrder);
    toastMessage.error("formSubmitFailed");
  };
}

function StatusOverrideForm({ director, onClose }: FormProps) {
  const t = useTranslations("clientDetail.statusOverride");
  const ts = useTranslations("statuses.director");
  const message = useStaffMessage();
  const form = useKitForm<StatusOverrideFormInput, z.output<typeof statusOverrideFormSchema>>({
    resolver: zodResolver(statusOverrideFormSchema),
    defaultValues: { statusOverride: director.statusOverride ?? director.status, statusOverrideReason: "" },
    focus: "field",
  });
  const { register, formState } = form;
  // A refused reason takes the focus: it is what to fix.
  const send = useOverrideSubmit(director, onClose, form, "statusOverrideSaved", ["statusOverride", "statusOverrideReason"], ["statusOverrideReason", "statusOverride"]);

  return (
    <KitFormElement onSubmit={form.submitWith((values) => send({ ...values, statusOverride: values.statusOverride === "" ? null : values.statusOverride }))} className="flex flex-col gap-4">
      <p>
        {t("current", { status: ts(director.status) })}
        {director.statusOriginal ? (
          <>
            <br />
            {t("original", { status: ts(director.statusOriginal) })}
          </>
        ) : null}
      </p>
      <SelectField label={t("status")} error={message(formState.errors.statusOverride?.message)} {...register("statusOverride")}>
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
        error={message(formState.errors.statusOverrideReason?.message)}
        {...register("statusOverrideReason")}
      />
      <FormActions submit={t("submit")} loading={formState.isSubmitting} cancel={t("cancel")} onCancel={onClose} />
    </KitFormElement>
  );
}

function PriceOverrideForm({ director, onClose }: FormProps) {
  const t = useTranslations("clientDetail.priceOverride");
  const message = useStaffMessage();
  const form = useKitForm<PriceOverrideFormInput, z.output<typeof priceOverrideFormSchema>>({
    resolver: zodResolver(priceOverrideFormSchema),
    defaultValues: { priceOverride: penceToPounds(director.priceOverride), priceOverrideReason: director.priceOverrideReason ?? "" },
    focus: "field",
  });
  const { register, formState } = form;
  const send = useOverrideSubmit(director, onClose, form, "priceOverrideSaved", ["priceOverride", "priceOverrideReason"]);

  return (
    <KitFormElement onSubmit={form.submitWith(send)} className="flex flex-col gap-4">
      <Field label={t("amount")} hint={t("amountHint")} inputMode="decimal" error={message(formState.errors.priceOverride?.message)} {...register("priceOverride")} />
      <TextareaField label={t("reason")} rows={3} maxLength={1000} error={message(formState.errors.priceOverrideReason?.message)} {...register("priceOverrideReason")} />
      <FormActions submit={t("submit")} loading={formState.isSubmitting} cancel={t("cancel")} onCancel={onClose} />
    </KitFormElement>
  );
}
