"use client";

import { useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { IndividualsImport } from "@/lib/csv/individuals-import";
import type { Individual } from "@/lib/schemas/onboarding-request";
import { Alert } from "@/components/ui/alert";
import { usePublicMessage } from "@/components/ui/form/messages";

type Outcome =
  | { kind: "none" }
  | { kind: "reading" }
  | { kind: "fileError"; fileName: string; key: string }
  | { kind: "done"; fileName: string; added: number; rejected: IndividualsImport["rejected"] };

export interface CsvImportProps {
  /** The template's text (from individualsCsvTemplate on the server), offered as a download. */
  template: string;
  templateFileName: string;
  /** Emails already in the form, so a row repeating one is flagged. */
  existingEmails: () => string[];
  /** Adds the rows that passed to the form. */
  onImport: (individuals: Individual[]) => void;
}

/**
 * Bulk import of individuals from a CSV file. The file is read and checked here in the browser
 * (papaparse, loaded only when a file is chosen) with the same rules as the server, which checks the
 * individuals again on submission. Rows that pass join the list; rows that fail are listed behind
 * 'could not be processed. Click to view details.', each with its row number and reason.
 */
export function CsvImport({ template, templateFileName, existingEmails, onImport }: CsvImportProps) {
  const t = useTranslations("requestForm.csv");
  const message = usePublicMessage();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "none" });

  async function read(file: File) {
    setOutcome({ kind: "reading" });
    const { MAX_CSV_BYTES, decodeCsv, parseIndividualsCsv } = await import("@/lib/csv/individuals-import");
    if (file.size > MAX_CSV_BYTES) {
      setOutcome({ kind: "fileError", fileName: file.name, key: "csvTooLarge" });
      return;
    }
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const result = parseIndividualsCsv(text, { existingEmails: existingEmails() });
    if (result.fileError) {
      setOutcome({ kind: "fileError", fileName: file.name, key: result.fileError });
      return;
    }
    onImport(result.individuals);
    setOutcome({ kind: "done", fileName: file.name, added: result.individuals.length, rejected: result.rejected });
  }

  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(template)}`;

  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed border-line p-4">
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="text-sm text-ink-muted">{t("description")}</p>
      <p>
        <a href={templateHref} download={templateFileName} className="font-semibold">
          {t("downloadTemplate")}
        </a>
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="font-semibold text-ink">
          {t("fileLabel")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t("fileHint")}
        </p>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-hint`}
          className="block w-full text-base file:mr-3 file:min-h-11 file:rounded-md file:border-2 file:border-navy-900 file:bg-white file:px-4 file:font-semibold file:text-navy-900"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (after fixing it) reads it again.
            event.target.value = "";
            if (file) void read(file);
          }}
        />
      </div>
      <div aria-live="polite">
        {outcome.kind === "reading" ? <p>{t("reading")}</p> : null}
        {outcome.kind === "fileError" ? (
          <Alert variant="error" role="none" title={t("fileErrorTitle", { fileName: outcome.fileName })}>
            {message(outcome.key)}
          </Alert>
        ) : null}
        {outcome.kind === "done" ? (
          <div className="flex flex-col gap-3">
            <Alert variant={outcome.added > 0 ? "success" : "warning"} role="none">
              {t("added", { count: outcome.added, fileName: outcome.fileName })}
            </Alert>
            {outcome.rejected.length > 0 ? (
              <details className="rounded-md border-l-4 border-danger bg-red-50 p-4 text-red-900" data-testid="csv-errors">
                <summary className="cursor-pointer font-semibold">{t("rowsFailed", { count: outcome.rejected.length })}</summary>
                <ul className="mt-3 flex list-disc flex-col gap-1 pl-5">
                  {outcome.rejected.map((row) => (
                    <li key={row.row}>
                      {t("rowProblem", {
                        row: row.row,
                        values: [row.name, row.email].filter(Boolean).join(", ") || t("emptyRow"),
                        reasons: row.problems.map((p) => (p.field === "row" ? message(p.message) : `${t(`fields.${p.field}`)}: ${message(p.message)}`)).join("; "),
                      })}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
