"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { Journey } from "@/lib/domain/values";
import { priceDirectors, withoutOverrides } from "@/lib/pricing/pricing";
import type { PatchOperation } from "@/lib/json-patch";
import type { Individual } from "@/lib/schemas/onboarding-request";
import type { OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { CsvImport } from "@/components/requests/csv-import";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { FormActions } from "@/components/ui/form/form-actions";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { ReasonForm, reasonRequired, requiredOnly, type ReasonAnswer } from "@/components/ui/form/reason-form";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useToastMessages } from "@/components/ui/toast";
import { sendCompanyPatch } from "./api";
import { DIRECTORS_URL } from "./urls";

/*
 * The dialogs' Radix code (12 kB gzip) loads after the page has hydrated, not with it: the dialogs
 * are closed when the page loads. They mount closed as soon as it is there, so each knows where
 * focus was before it opens.
 */
const Dialog = dynamic(() => import("@/components/ui/dialog").then((m) => m.Dialog), { ssr: false });

export interface AdditionPricing {
  unitPrice: number;
  standardUnitPrice: number;
  vatRatePercent: number;
  vatExempt: boolean;
}

/** Sends a directors patch; answers the field errors (empty when it worked) and goes to Checkout when told to. */
function useDirectorsPatch() {
  const router = useRouter();
  return async (operations: PatchOperation[]): Promise<{ ok: boolean; fields: Record<string, string[]> }> => {
    const result = await sendCompanyPatch<{ checkoutUrl?: string | null }>(DIRECTORS_URL, operations);
    if (!result.ok) return { ok: false, fields: result.fields };
    if (result.body.checkoutUrl) {
      window.location.assign(result.body.checkoutUrl);
      return { ok: true, fields: {} };
    }
    router.refresh();
    return { ok: true, fields: {} };
  };
}

/** What adding `count` individuals costs, and how it is paid, shown before the contact confirms. */
export function AdditionAmount({ count, pricing, journey }: { count: number; pricing: AdditionPricing; journey: Journey }) {
  const t = useTranslations("secure.company.add");
  const money = useMoney();
  if (count < 1) return null;
  // New individuals carry no price override: each at the client's unit price.
  const q = priceDirectors({ ...pricing, directors: withoutOverrides(count) });
  return (
    <Alert variant="info" role="none">
      <p data-testid="addition-amount">{q.vat === 0 ? t("amountExempt", { count, amount: money(q.amountDue) }) : t("amount", { count, amount: money(q.amountDue), net: money(q.fullPrice), vat: money(q.vat) })}</p>
      <p>{t(journey)}</p>
    </Alert>
  );
}

type Person = { name: string; email: string };

/**
 * A person's name and email as a dialog's form: required here, checked by the server, whose
 * problems (`serverFields` names the person's fields in its answer) show on the fields, or above
 * them when about the whole form (`general`).
 */
function PersonForm({
  defaults,
  submitLabel,
  emailHint,
  onCancel,
  onSend,
  children,
}: {
  defaults: Person;
  submitLabel: string;
  emailHint?: string;
  onCancel: () => void;
  /** Sends; answers true when done, else the server's field errors as the form's (`name`, `email`, `general`). */
  onSend: (values: Person) => Promise<true | Record<string, string[]>>;
  children?: React.ReactNode;
}) {
  const t = useTranslations("secure.company");
  const message = useStaffMessage();
  const form = useKitForm<Person>({ resolver: personRequired, defaultValues: defaults, focus: "field" });
  const { register, formState } = form;
  const { errors } = formState;

  async function submit(values: Person) {
    const answer = await onSend(values);
    if (answer !== true) form.serverErrors(answer, ["name", "email"], ["general"]);
  }

  return (
    <KitFormElement onSubmit={form.submitWith(submit)} className="flex flex-col gap-4">
      {errors.root?.server ? <Alert variant="error">{message(errors.root.server.message)}</Alert> : null}
      <Field label={t("add.name")} autoComplete="off" error={message(errors.name?.message)} {...register("name")} />
      <Field label={t("add.email")} type="email" autoComplete="off" hint={emailHint} error={message(errors.email?.message)} {...register("email")} />
      {children}
      <FormActions submit={submitLabel} loading={formState.isSubmitting} cancel={t("add.cancel")} onCancel={onCancel} />
    </KitFormElement>
  );
}

const personRequired = requiredOnly<Person>(["name", "email"]);

/** The server's field errors under the names `PersonForm` gives them (`prefix.name` is `name`). */
const personFields = (fields: Record<string, string[]>, prefix: string, general?: string) => ({
  name: fields[`${prefix}.name`] ?? [],
  email: fields[`${prefix}.email`] ?? [],
  general: general ? (fields[general] ?? []) : [],
});

/** Add one individual: name and email, the amount, confirm. */
export function AddIndividualDialog({ open, onClose, pricing, journey }: { open: boolean; onClose: () => void; pricing: AdditionPricing; journey: Journey }) {
  const t = useTranslations("secure.company.add");
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();

  async function send(values: Person) {
    const result = await patch([{ op: "add", path: "/-", value: values }]);
    if (!result.ok) {
      toastMessage.error("formSubmitFailed");
      return personFields(result.fields, "add.0", "add");
    }
    toastMessage.success("individualAdded", { values: { name: values.name } });
    onClose();
    return true as const;
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("title")} description={t("description")}>
      <PersonForm defaults={{ name: "", email: "" }} submitLabel={t("confirm")} onCancel={onClose} onSend={send}>
        <AdditionAmount count={1} pricing={pricing} journey={journey} />
      </PersonForm>
    </Dialog>
  );
}

/** Bulk add from a CSV file (the request form's importer), the amount, confirm; rows that failed are listed. */
export function BulkAddDialog({ open, ...body }: BulkAddProps & { open: boolean }) {
  const t = useTranslations("secure.company.bulk");
  return (
    <Dialog open={open} onClose={body.onClose} title={t("title")} className="max-w-2xl">
      {/* Its own component: what it shows (and its messages' counts) is worked out only while open, its file forgotten on closing. */}
      <BulkAdd {...body} />
    </Dialog>
  );
}

interface BulkAddProps {
  onClose: () => void;
  pricing: AdditionPricing;
  journey: Journey;
  template: string;
  templateFileName: string;
  existingEmails: string[];
}

function BulkAdd({ onClose, pricing, journey, template, templateFileName, existingEmails }: BulkAddProps) {
  const t = useTranslations("secure.company.bulk");
  const ta = useTranslations("secure.company.add");
  const message = useStaffMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();
  const [ready, setReady] = useState<Individual[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await patch(ready.map((value) => ({ op: "add" as const, path: "/-", value })));
    setBusy(false);
    if (!result.ok) {
      setProblems(
        Object.entries(result.fields).map(([key, keys]) => {
          const m = /^add\.(\d+)\./.exec(key);
          const who = m ? ready[Number(m[1])] : undefined;
          return `${who ? `${who.name} (${who.email}): ` : ""}${message(keys[0])}`;
        }),
      );
      toastMessage.error("formSubmitFailed");
      return;
    }
    toastMessage.success("individualsAdded", { values: { count: ready.length } });
    onClose();
  }

  return (
    <div className="flex flex-col gap-4">
      <CsvImport template={template} templateFileName={templateFileName} existingEmails={() => existingEmails} onImport={(rows) => setReady(rows)} />
      <p role="status" className="font-semibold">
        {ready.length ? t("ready", { count: ready.length }) : t("none")}
      </p>
      <AdditionAmount count={ready.length} pricing={pricing} journey={journey} />
      {problems.length ? (
        <Alert variant="error">
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={confirm} loading={busy} disabled={!ready.length}>
          {ta("confirmMany", { count: ready.length })}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {ta("cancel")}
        </Button>
      </div>
    </div>
  );
}

/** Edit one individual's name and email (a changed email signs them out and invites them again). */
export function EditIndividualDialog({ director, onClose }: { director: OwnCompanyDirector | null; onClose: () => void }) {
  const t = useTranslations("secure.company");
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();

  async function send(values: Person) {
    if (!director) return true as const;
    const ops: PatchOperation[] = [];
    if (values.name !== director.name) ops.push({ op: "replace", path: `/${director.id}/name`, value: values.name });
    if (values.email !== director.email) ops.push({ op: "replace", path: `/${director.id}/email`, value: values.email });
    if (!ops.length) {
      onClose();
      return true as const;
    }
    const result = await patch(ops);
    if (!result.ok) {
      toastMessage.error("formSubmitFailed");
      return personFields(result.fields, `directors.${director.id}`);
    }
    toastMessage.success("directorSaved", { values: { name: values.name } });
    onClose();
    return true as const;
  }

  return (
    <Dialog open={director !== null} onClose={onClose} title={t("editDialog.title", { name: director?.name ?? "" })}>
      {director ? (
        <PersonForm defaults={{ name: director.name, email: director.email }} submitLabel={t("editDialog.save")} emailHint={t("editDialog.emailHint")} onCancel={onClose} onSend={send} />
      ) : null}
    </Dialog>
  );
}

/** Remove one individual, with the reason the removal needs. */
export function RemoveIndividualDialog({ director, onClose }: { director: OwnCompanyDirector | null; onClose: () => void }) {
  const t = useTranslations("secure.company");
  const message = useStaffMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();

  async function send(reason: string): Promise<ReasonAnswer> {
    if (!director) return true;
    const result = await patch([
      { op: "replace", path: `/${director.id}/isDeleted`, value: true },
      { op: "replace", path: `/${director.id}/deleteReason`, value: reason },
    ]);
    if (!result.ok) {
      toastMessage.error("directorDeleteFailed");
      return { reason: result.fields[`directors.${director.id}.deleteReason`]?.[0] };
    }
    toastMessage.success("directorDeleted", { values: { name: director.name } });
    onClose();
    return true;
  }

  return (
    <Dialog open={director !== null} onClose={onClose} title={t("removeDialog.title", { name: director?.name ?? "" })} description={t("removeDialog.description")}>
      <ReasonForm
        resolver={reasonRequired}
        label={t("removeDialog.reason")}
        submitLabel={t("removeDialog.confirm")}
        cancelLabel={t("add.cancel")}
        onCancel={onClose}
        danger
        translate={message}
        onSend={send}
      />
    </Dialog>
  );
}
