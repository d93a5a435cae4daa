"use client";

import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { LoginInput } from "@/lib/schemas/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { usePublicMessage } from "@/components/ui/form/messages";
import { SentNotice } from "@/components/ui/form/sent-notice";
import { useFocusWhen } from "@/components/ui/form/use-focus";
import { useBotCheck, type BotCheckConfig } from "@/components/bot-check/use-bot-check";
import { botCheckActions } from "@/lib/bot-check/actions";

type FieldName = keyof LoginInput;
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ["email", "reference"];

// The sign-in schema (the server's own) loads when the form is first touched, not with the page.
let schema: ReturnType<typeof importSchema> | undefined;
const importSchema = () => import("@/lib/schemas/sign-in").then((m) => m.loginSchema);
const loadSchema = () => (schema ??= importSchema());

/** The form's values checked by the sign-in schema: the values as sent (trimmed), or each field's first problem. */
async function check(values: Record<FieldName, string>): Promise<{ values: LoginInput } | { errors: FieldErrors }> {
  const result = await (await loadSchema())["~standard"].validate(values);
  if (!result.issues) return { values: result.value };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0];
    const name = (typeof field === "object" ? field.key : field) as FieldName;
    if (FIELDS.includes(name)) errors[name] ??= issue.message;
  }
  return { errors };
}

type Status = { kind: "editing" } | { kind: "sent"; email: string } | { kind: "rateLimited"; minutes: number } | { kind: "failed"; message?: string };

/**
 * Email + reference (+ the bot check's token) → POST /api/send-link. The answer is the same whether
 * or not they matched. `prefill` holds the values of the invitation's link (/login?email=…&reference=…),
 * already checked by the page with the sign-in schema (lib/auth/login-prefill.ts): when both are
 * there, one press of the button asks for the link. Filling in sends nothing by itself.
 *
 * Two fields need no form library: the values are read from the form on submit and checked with
 * the server's schema, the first field in error takes the focus, and after a failed submit each
 * field is checked again as it changes (as the other forms, on react-hook-form, do). The sign-in
 * page's first-load JavaScript has a budget (docs/speed.md).
 */
export function LoginForm({ linkMinutes, botCheck, prefill }: { linkMinutes: number; botCheck: BotCheckConfig; prefill?: { email: string; reference: string } }) {
  const t = useTranslations("login");
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const bot = useBotCheck(botCheck, botCheckActions.sendLink);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  /** What the fields start with: the invitation's values, then what was last sent ("Send another link"). */
  const [initial, setInitial] = useState<Record<FieldName, string>>({ email: prefill?.email ?? "", reference: prefill?.reference ?? "" });
  /** After a failed submit, fields are checked again as they change. */
  const [checkOnChange, setCheckOnChange] = useState(false);
  // The schema and the bot check's script load when the form is first touched (the script also
  // starts once the page is interactive; this retries it after a failure).
  const preload = () => {
    void loadSchema();
    bot.preload();
  };
  const prefilled = Boolean(prefill?.email && prefill.reference);

  const valuesOf = (form: HTMLFormElement) => Object.fromEntries(FIELDS.map((name) => [name, String(new FormData(form).get(name) ?? "")])) as Record<FieldName, string>;
  /** Shows `next` and moves the focus to the first field in error. */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELDS.find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  async function recheck(name: FieldName) {
    if (!checkOnChange || !formRef.current) return;
    const result = await check(valuesOf(formRef.current));
    const problem = "errors" in result ? result.errors[name] : undefined;
    setErrors((current) => ({ ...current, [name]: problem }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const values = valuesOf(event.currentTarget);
      setInitial(values);
      const result = await check(values);
      if ("errors" in result) {
        setCheckOnChange(true);
        showErrors(result.errors);
        return;
      }
      setErrors({});
      await onSubmit(result.values);
    } finally {
      setSubmitting(false);
    }
  }

  useFocusWhen(outcomeRef, status.kind !== "editing", status);
  const message = usePublicMessage(true);

  async function onSubmit(values: LoginInput) {
    setStatus({ kind: "editing" });
    try {
      const res = await fetch("/api/send-link", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...values, captchaToken: await bot.token() }) });
      if (res.status === 429) {
        const seconds = Number(res.headers.get("Retry-After") ?? 60);
        setStatus({ kind: "rateLimited", minutes: Math.max(1, Math.ceil(seconds / 60)) });
        return;
      }
      if (res.status === 400) {
        const body = (await res.json().catch(() => ({}))) as { fields?: Partial<Record<keyof LoginInput, string[]>>; message?: string };
        if (body.fields) {
          showErrors(Object.fromEntries(FIELDS.map((field) => [field, body.fields?.[field]?.[0]])) as FieldErrors);
          return;
        }
        // A refusal of the whole request (the bot check failed): the server's message says what to do.
        setStatus({ kind: "failed", message: body.message });
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      setStatus({ kind: "sent", email: values.email });
    } catch {
      setStatus({ kind: "failed" });
    }
  }

  if (status.kind === "sent") {
    return (
      <SentNotice ref={outcomeRef} title={t("sentTitle")} again={t("sentAgain")} onAgain={() => setStatus({ kind: "editing" })}>
        {t("sentBody", { email: status.email, minutes: linkMinutes })}
      </SentNotice>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} onFocus={preload} className="flex flex-col gap-5">
      {status.kind === "rateLimited" || status.kind === "failed" ? (
        <div ref={outcomeRef} tabIndex={-1} className="outline-none">
          {status.kind === "rateLimited" ? (
            <Alert variant="warning" role="alert" title={t("rateLimitedTitle")}>
              {t("rateLimitedBody", { minutes: status.minutes })}
            </Alert>
          ) : (
            <Alert variant="error" role="alert" title={t("errorTitle")}>
              {status.message ?? t("errorBody")}
            </Alert>
          )}
        </div>
      ) : null}
      {prefilled && status.kind === "editing" ? (
        <p data-testid="login-prefilled" className="text-ink-muted">
          {t("prefilled", { submit: t("submit") })}
        </p>
      ) : null}
      <Field
        label={t("fields.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={message(errors.email)}
        name="email"
        defaultValue={initial.email}
        onChange={() => void recheck("email")}
      />
      <Field
        label={t("fields.reference")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t("hints.reference")}
        error={message(errors.reference)}
        name="reference"
        defaultValue={initial.reference}
        onChange={() => void recheck("reference")}
      />
      <Button type="submit" loading={isSubmitting} loadingLabel={t("submitting")}>
        {t("submit")}
      </Button>
    </form>
  );
}
