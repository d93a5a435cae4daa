"use client";

import { useRef, useState } from "react";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { useTranslations } from "next-intl";
import type { EnquiryInput } from "@/lib/schemas/enquiry";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary, summaryItems } from "@/components/ui/error-summary";
import { Field, TextareaField } from "@/components/ui/field";
import { KitFormElement } from "@/components/ui/form/form";
import { usePublicMessage } from "@/components/ui/form/messages";
import { SentNotice } from "@/components/ui/form/sent-notice";
import { useFocusWhen } from "@/components/ui/form/use-focus";
import { useKitForm } from "@/components/ui/form/use-kit-form";
import { useBotCheck, type BotCheckConfig } from "@/components/bot-check/use-bot-check";
import { botCheckActions } from "@/lib/bot-check/actions";

type Status = { kind: "editing" } | { kind: "sent"; email: string } | { kind: "failed"; message?: string };

const resolver = lazyResolver<EnquiryInput>(() => import("@/lib/schemas/enquiry").then((m) => m.enquirySchema));

const fields = ["name", "email", "description"] as const;

/**
 * The new-enquiry form: the same zod schema checks it here and in POST /api/new-enquiry, which also
 * gets the bot check's token.
 */
export function ContactForm({ botCheck }: { botCheck: BotCheckConfig }) {
  const t = useTranslations("contact");
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const resultRef = useRef<HTMLDivElement>(null);
  const bot = useBotCheck(botCheck, botCheckActions.newEnquiry);
  // The schema and the bot check's script load when the form is first touched (the script also
  // starts once the page is interactive; this retries it after a failure).
  const preload = () => {
    resolver.preload();
    bot.preload();
  };
  const form = useKitForm<EnquiryInput>({ resolver, defaultValues: { name: "", email: "", description: "" } });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  // After sending (or failing to), move focus to the outcome so screen readers announce it.
  useFocusWhen(resultRef, status.kind !== "editing", status);
  const message = usePublicMessage(true);

  async function onSubmit(values: EnquiryInput) {
    setStatus({ kind: "editing" });
    try {
      const res = await fetch("/api/new-enquiry", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...values, captchaToken: await bot.token() }),
      });
      if (res.status === 400) {
        const body = (await res.json().catch(() => ({}))) as { fields?: Record<string, string[]>; message?: string };
        if (form.serverErrors(body.fields ?? {}, fields)) return;
        // A refusal of the whole request (the bot check failed): the server's message says what to do.
        if (!body.fields && body.message) {
          setStatus({ kind: "failed", message: body.message });
          return;
        }
      }
      if (!res.ok) throw new Error(String(res.status));
      setStatus({ kind: "sent", email: values.email });
      reset();
    } catch {
      setStatus({ kind: "failed" });
    }
  }

  if (status.kind === "sent") {
    return (
      <SentNotice ref={resultRef} title={t("successTitle")} again={t("sendAnother")} onAgain={() => setStatus({ kind: "editing" })}>
        {t("successBody", { email: status.email })}
      </SentNotice>
    );
  }

  return (
    <KitFormElement scope="contact" onSubmit={form.submitWith(onSubmit)} onFocus={preload} className="flex flex-col gap-5" aria-describedby={status.kind === "failed" ? "contact-error" : undefined}>
      <ErrorSummary id="contact-error-summary" items={summaryItems(errors, { scope: "contact", translate: message, order: fields })} focusKey={form.failures || undefined} />
      {status.kind === "failed" ? (
        <div ref={resultRef} tabIndex={-1} className="outline-none">
          <Alert variant="error" role="alert" id="contact-error" title={t("errorTitle")}>
            {status.message ?? t("errorBody")}
          </Alert>
        </div>
      ) : null}
      <Field label={t("fields.name")} autoComplete="name" error={message(errors.name?.message)} {...register("name")} />
      <Field label={t("fields.email")} type="email" autoComplete="email" hint={t("hints.email")} error={message(errors.email?.message)} {...register("email")} />
      <TextareaField label={t("fields.description")} hint={t("hints.description")} rows={6} error={message(errors.description?.message)} {...register("description")} />
      <Button type="submit" loading={isSubmitting} loadingLabel={t("submitting")}>
        {t("submit")}
      </Button>
    </KitFormElement>
  );
}
