"use client";

import { useState, type FormEvent } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import type { Journey } from "@/lib/domain/values";
import { priceDirectors, withoutOverrides } from "@/lib/pricing/pricing";
import type { PatchOperation } from "@/lib/json-patch";
import type { Individual } from "@/lib/schemas/onboarding-request";
import type { OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { useFieldMessage } from "@/components/admin/client-detail/use-field-message";
import { CsvImport } from "@/components/requests/csv-import";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextareaField } from "@/components/ui/field";
import { useToastMessages } from "@/components/ui/toast";
import { DIRECTORS_URL, sendCompanyPatch } from "./api";

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
  const format = useFormatter();
  if (count < 1) return null;
  // New individuals carry no price override: each at the client's unit price.
  const q = priceDirectors({ ...pricing, directors: withoutOverrides(count) });
  const money = (pence: number) => format.number(pence / 100, { style: "currency", currency: "GBP" });
  return (
    <Alert variant="info" role="none">
      <p data-testid="addition-amount">{q.vat === 0 ? t("amountExempt", { count, amount: money(q.amountDue) }) : t("amount", { count, amount: money(q.amountDue), net: money(q.fullPrice), vat: money(q.vat) })}</p>
      <p>{t(journey)}</p>
    </Alert>
  );
}

/** Add one individual: name and email, the amount, confirm. */
export function AddIndividualDialog({ open, onClose, pricing, journey }: { open: boolean; onClose: () => void; pricing: AdditionPricing; journey: Journey }) {
  const t = useTranslations("secure.company.add");
  const message = useFieldMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();
  const [values, setValues] = useState({ name: "", email: "" });
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!values.name.trim()) missing["add.0.name"] = ["required"];
    if (!values.email.trim()) missing["add.0.email"] = ["required"];
    if (Object.keys(missing).length) return setFields(missing);
    setBusy(true);
    const result = await patch([{ op: "add", path: "/-", value: values }]);
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      toastMessage.error("formSubmitFailed");
      return;
    }
    toastMessage.success("individualAdded", { values: { name: values.name } });
    setValues({ name: "", email: "" });
    setFields({});
    onClose();
  }

  const general = fields.add?.[0];
  return (
    <Dialog open={open} onClose={onClose} title={t("title")} description={t("description")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {general ? <Alert variant="error">{message(general)}</Alert> : null}
        <Field label={t("name")} name="name" autoComplete="off" value={values.name} error={message(fields["add.0.name"]?.[0])} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        <Field label={t("email")} name="email" type="email" autoComplete="off" value={values.email} error={message(fields["add.0.email"]?.[0])} onChange={(e) => setValues({ ...values, email: e.target.value })} />
        <AdditionAmount count={1} pricing={pricing} journey={journey} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            {t("confirm")}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Bulk add from a CSV file (the request form's importer), the amount, confirm; rows that failed are listed. */
export function BulkAddDialog({
  open,
  onClose,
  pricing,
  journey,
  template,
  templateFileName,
  existingEmails,
}: {
  open: boolean;
  onClose: () => void;
  pricing: AdditionPricing;
  journey: Journey;
  template: string;
  templateFileName: string;
  existingEmails: string[];
}) {
  const t = useTranslations("secure.company.bulk");
  const ta = useTranslations("secure.company.add");
  const message = useFieldMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();
  const [ready, setReady] = useState<Individual[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  function close() {
    setReady([]);
    setProblems([]);
    onClose();
  }

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
    close();
  }

  return (
    <Dialog open={open} onClose={close} title={t("title")} className="max-w-2xl">
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
          <Button type="button" variant="secondary" onClick={close}>
            {ta("cancel")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Edit one individual's name and email (a changed email signs them out and invites them again). */
export function EditIndividualDialog({ director, onClose }: { director: OwnCompanyDirector | null; onClose: () => void }) {
  const t = useTranslations("secure.company");
  const message = useFieldMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();
  const [values, setValues] = useState<{ name: string; email: string } | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const current = values ?? (director ? { name: director.name, email: director.email } : { name: "", email: "" });

  function close() {
    setValues(null);
    setFields({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!director) return;
    const ops: PatchOperation[] = [];
    if (current.name !== director.name) ops.push({ op: "replace", path: `/${director.id}/name`, value: current.name });
    if (current.email !== director.email) ops.push({ op: "replace", path: `/${director.id}/email`, value: current.email });
    if (!ops.length) return close();
    setBusy(true);
    const result = await patch(ops);
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      toastMessage.error("formSubmitFailed");
      return;
    }
    toastMessage.success("directorSaved", { values: { name: current.name } });
    close();
  }

  const key = (f: string) => (director ? `directors.${director.id}.${f}` : f);
  return (
    <Dialog open={director !== null} onClose={close} title={t("editDialog.title", { name: director?.name ?? "" })}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t("add.name")} name="name" value={current.name} error={message(fields[key("name")]?.[0])} onChange={(e) => setValues({ ...current, name: e.target.value })} />
        <Field label={t("add.email")} name="email" type="email" hint={t("editDialog.emailHint")} value={current.email} error={message(fields[key("email")]?.[0])} onChange={(e) => setValues({ ...current, email: e.target.value })} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            {t("editDialog.save")}
          </Button>
          <Button type="button" variant="secondary" onClick={close}>
            {t("add.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Remove one individual, with the reason the removal needs. */
export function RemoveIndividualDialog({ director, onClose }: { director: OwnCompanyDirector | null; onClose: () => void }) {
  const t = useTranslations("secure.company");
  const message = useFieldMessage();
  const toastMessage = useToastMessages();
  const patch = useDirectorsPatch();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function close() {
    setReason("");
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!director) return;
    if (!reason.trim()) return setError("reasonRequired");
    setBusy(true);
    const result = await patch([
      { op: "replace", path: `/${director.id}/isDeleted`, value: true },
      { op: "replace", path: `/${director.id}/deleteReason`, value: reason },
    ]);
    setBusy(false);
    if (!result.ok) {
      setError(result.fields[`directors.${director.id}.deleteReason`]?.[0]);
      toastMessage.error("directorDeleteFailed");
      return;
    }
    toastMessage.success("directorDeleted", { values: { name: director.name } });
    close();
  }

  return (
    <Dialog open={director !== null} onClose={close} title={t("removeDialog.title", { name: director?.name ?? "" })} description={t("removeDialog.description")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextareaField label={t("removeDialog.reason")} name="reason" rows={3} value={reason} error={message(error)} onChange={(e) => setReason(e.target.value)} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" loading={busy}>
            {t("removeDialog.confirm")}
          </Button>
          <Button type="button" variant="secondary" onClick={close}>
            {t("add.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
