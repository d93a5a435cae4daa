/**
 * The director's supporting documents (proof of a change of name, proof of address), composed into
 * the page /identity-verification/individual-details. A server component.
 *
 * Props:
 * - `director`: the signed-in director's record as `getOwnDirector` answers it (only `status`,
 *   `formerNames` and `evidenceDeletedAt` are read).
 *
 * It loads the director's own uploads itself (`listOwnDirectorFiles`, authorised for the signed-in
 * director), so the page passes nothing else. What it shows:
 * - at `OutstandingIDInfo`, a notice naming the evidence needed: proof of a change of name when the
 *   director has former names, and proof of address; an upload moves them back to `UnderReview`;
 * - the uploads, each with a download link and (until the check is `Complete`) a delete button: it
 *   deletes an upload no review has seen yet, and otherwise removes it from the list only, the firm
 *   keeping it for the retention period (the list then says so);
 * - the upload form (PDF, JPEG or PNG up to UPLOAD_MAX_BYTES), except once the check is `Complete`
 *   or `Rejected`, or the evidence was deleted under the retention rules.
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { evidenceNeeded } from "@/lib/domain/evidence-needed";
import { getEnv } from "@/lib/env";
import type { OwnDirector } from "@/lib/server/directors/get-own-director";
import { listOwnDirectorFiles } from "@/lib/server/directors/list-own-director-files";
import { DeleteEvidenceButton, EvidenceUploadForm } from "./evidence-upload";

export interface EvidenceSectionProps {
  director: Pick<OwnDirector, "status" | "formerNames" | "evidenceDeletedAt">;
}

export async function EvidenceSection({ director }: EvidenceSectionProps) {
  const user = await requirePageUser("director.self.read");
  const [t, format, files] = await Promise.all([getTranslations("evidence"), getFormatter(), listOwnDirectorFiles({ db: await getDb(), user })]);
  const env = getEnv();
  const megabytes = Math.floor(env.UPLOAD_MAX_BYTES / (1024 * 1024));
  const needed = evidenceNeeded(director);
  const closed = director.status === "Complete" || director.status === "Rejected" || director.evidenceDeletedAt !== null;
  const canDelete = director.status !== "Complete" && director.evidenceDeletedAt === null;

  return (
    <section id="supporting-documents" aria-labelledby="evidence-title" className="mt-8 space-y-4">
      <h2 id="evidence-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {needed.length > 0 ? (
        <Alert variant="warning" role="none" title={t("needed.title")}>
          <p>{t("needed.intro")}</p>
          <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="evidence-needed">
            {needed.map((kind) => (
              <li key={kind}>
                <span className="font-semibold">{t(`kinds.${kind}`)}</span>: {t(`kindHints.${kind}`)}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t("needed.after")}</p>
        </Alert>
      ) : closed ? null : (
        <p>{t("intro", { megabytes })}</p>
      )}
      {director.evidenceDeletedAt ? <p>{t("deleted")}</p> : closed && director.status !== "Rejected" ? <p>{t("closed")}</p> : null}

      {files.length > 0 ? (
        <div>
          <h3 className="font-semibold">{t("uploaded")}</h3>
          <ul className="mt-2 divide-y divide-line rounded-md border border-line" aria-label={t("uploaded")}>
            {files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <a className="font-medium text-navy-700 underline" href={f.file} download aria-label={t("download", { name: f.fileName })}>
                    {f.fileName}
                  </a>
                  <span className="block text-sm text-gray-700">
                    {t("fileMeta", { kind: t(`kinds.${f.fileType as "Name" | "Address"}`), date: format.dateTime(new Date(f.createdAt), { dateStyle: "medium", timeStyle: "short" }) })}
                  </span>
                </span>
                {canDelete ? <DeleteEvidenceButton fileId={f.id} fileName={f.fileName} withdrawable={f.withdrawable} /> : null}
              </li>
            ))}
          </ul>
          {canDelete && files.some((f) => !f.withdrawable) ? <p className="mt-2 text-sm text-gray-700">{t("keptNote", { years: env.EVIDENCE_RETENTION_YEARS })}</p> : null}
        </div>
      ) : null}

      {closed ? null : <EvidenceUploadForm needed={needed} megabytes={megabytes} />}
    </section>
  );
}
