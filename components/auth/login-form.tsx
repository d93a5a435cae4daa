"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { useTranslations } from "next-intl";
import type { LoginInput } from "@/lib/schemas/sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useBotCheck, type BotCheckConfig } from "@/components/bot-check/use-bot-check";
import { botCheckActions } from "@/lib/bot-check/actions";

const resolver = lazyResolver(() => import("@/lib/schemas/sign-in").then((m) => m.loginSchema));

type Status = { kind: "editing" } | { kind: "sent"; email: string } | { kind: "rateLimited"; minutes: number } | { kind: "failed"; message?: string };

/**
 * Email + reference (+ the bot check's token) → POST /api/send-link. The answer is the same whether
 * or not they matched. `prefill` holds the values of the invitation's link (/login?email=…&reference=…),
 * already checked by the page with the sign-in schema (lib/auth/login-prefill.ts): when both are
 * there, one press of the button asks for the link. Filling in sends nothing by itself.
 */
export function LoginForm({ linkMinutes, botCheck, prefill }: { linkMinutes: number; botCheck: BotCheckConfig; prefill?: { email: string; reference: string } }) {
  const t = useTranslations("login");
  const tv = useTranslations("validation");
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const outcomeRef = useRef<HTMLDivElement>(null);
  const bot = useBotCheck(botCheck, botCheckActions.sendLink);
  // The schema and the bot check's script load when the form is first touched (the script also
  // starts once the page is interactive; this retries it after a failure).
  const preload = () => {
    resolver.preload();
    bot.preload();
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver, defaultValues: { email: prefill?.email ?? "", reference: prefill?.reference ?? "" } });
  const prefilled = Boolean(prefill?.email && prefill.reference);

  useEffect(() => {
    if (status.kind !== "editing") outcomeRef.current?.focus();
  }, [status]);

  const message = (key: string | undefined) => (key ? (tv.has(key) ? tv(key) : key) : undefined);

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
        for (const field of ["email", "reference"] as const) {
          const key = body.fields?.[field]?.[0];
          if (key) setError(field, { type: "server", message: key }, { shouldFocus: true });
        }
        if (body.fields) return;
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
      <div ref={outcomeRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <Alert variant="success" role="status" title={t("sentTitle")}>
          {t("sentBody", { email: status.email, minutes: linkMinutes })}
        </Alert>
        <Button type="button" variant="secondary" onClick={() => setStatus({ kind: "editing" })}>
          {t("sentAgain")}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} onFocus={preload} className="flex flex-col gap-5">
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
      <Field label={t("fields.email")} type="email" autoComplete="email" inputMode="email" error={message(errors.email?.message)} {...register("email")} />
      <Field
        label={t("fields.reference")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t("hints.reference")}
        error={message(errors.reference?.message)}
        {...register("reference")}
      />
      <Button type="submit" loading={isSubmitting} loadingLabel={t("submitting")}>
        {t("submit")}
      </Button>
    </form>
  );
}
