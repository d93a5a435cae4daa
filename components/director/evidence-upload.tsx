"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { showToast } from "@/components/ui/toast";
import type { EvidenceKind } from "@/lib/domain/evidence-needed";

const KINDS: readonly EvidenceKind[] = ["Name", "Address"];
const ERROR_KEYS = new Set(["fileMissing", "fileEmpty", "fileType"]);

/**
 * Uploads one evidence document: what it shows (preselected when only one kind is needed) and the
 * file, sent as multipart to the director's file route. The server checks the type by content and
 * the size before reading, and the director's upload quota; its refusals are shown beside the field. A success refreshes the page,
 * which then lists the file (and, at OutstandingIDInfo, shows the director back under review).
 */
export function EvidenceUploadForm({ needed, megabytes }: { needed: EvidenceKind[]; megabytes: number }) {
  const t = useTranslations("evidence");
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<EvidenceKind | "">(needed.length === 1 ? needed[0]! : "");
  const [kindError, setKindError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setKindError(kind ? undefined : t("errors.kindMissing"));
    setFileError(file ? (file.size > megabytes * 1024 * 1024 ? t("errors.tooLarge", { megabytes }) : undefined) : t("errors.fileMissing"));
    if (!kind || !file || file.size > megabytes * 1024 * 1024) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const res = await fetch(`/api/director-verification/director/file?fileType=${kind}`, { method: "POST", body, credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        showToast("success", t("toasts.uploaded"), { description: file.name });
        if (input.current) input.current.value = "";
        router.refresh();
        return;
      }
      const answer = (await res.json().catch(() => ({}))) as { fields?: Record<string, string[]>; message?: unknown };
      const key = answer.fields?.file?.find((k) => ERROR_KEYS.has(k));
      if (res.status === 413) setFileError(t("errors.tooLarge", { megabytes }));
      else if (key) setFileError(t(`errors.${key as "fileMissing" | "fileEmpty" | "fileType"}`));
      // A refusal of the verification's state or of the upload quota: the server's message says which (and the limit).
      else if (res.status === 409) setFileError(typeof answer.message === "string" && answer.message ? answer.message : t("errors.closed"));
      else showToast("error", `${file.name} ${t("errors.failed")}`);
    } catch {
      showToast("error", `${file.name} ${t("errors.failed")}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-line p-4">
      <fieldset aria-describedby={kindError ? "evidence-kind-error" : undefined}>
        <legend className="font-semibold">{t("form.kind")}</legend>
        {kindError ? (
          <p id="evidence-kind-error" className="text-sm font-semibold text-danger">
            {kindError}
          </p>
        ) : null}
        <div className="mt-2 flex flex-col gap-2">
          {KINDS.map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="fileType" value={k} checked={kind === k} onChange={() => setKind(k)} className="size-5" />
              {t(`kinds.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        ref={input}
        type="file"
        name="file"
        label={t("form.file")}
        hint={t("form.fileHint", { megabytes })}
        error={fileError}
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        onChange={() => setFileError(undefined)}
      />
      <Button type="submit" loading={busy} loadingLabel={t("form.submitting")}>
        {t("form.submit")}
      </Button>
    </form>
  );
}

/**
 * Deletes one of the director's uploads, then refreshes the page. `withdrawable` (before review) the
 * file is deleted; otherwise the server hides it from the director and keeps it for the retention
 * period, and the button and its message say so.
 */
export function DeleteEvidenceButton({ fileId, fileName, withdrawable = true }: { fileId: number; fileName: string; withdrawable?: boolean }) {
  const t = useTranslations("evidence");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const res = await fetch(`/api/director-verification/director/file/${fileId}`, { method: "DELETE", credentials: "same-origin", cache: "no-store" });
      if (res.ok) showToast("success", withdrawable ? t("toasts.deleted") : t("toasts.hidden"), { description: fileName });
      else showToast("error", t("toasts.deleteFailed"));
      router.refresh();
    } catch {
      showToast("error", t("toasts.deleteFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" loading={busy} loadingLabel={t("deleting")} onClick={remove} aria-label={withdrawable ? t("deleteLabel", { name: fileName }) : t("hideLabel", { name: fileName })}>
      {withdrawable ? t("delete") : t("hide")}
    </Button>
  );
}
