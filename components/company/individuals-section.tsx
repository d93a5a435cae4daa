"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { directorStatusLifecycleOrder, type Journey, type ProductTier } from "@/lib/domain/values";
import type { Pager } from "@/lib/pager";
import type { OwnCompany, OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClassName } from "@/components/ui/button-styles";
import { cn } from "@/components/ui/cn";
import { Pagination } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";
import { additionPaymentUrl, EXPORT_URL } from "./api";
import { AddIndividualDialog, BulkAddDialog, EditIndividualDialog, RemoveIndividualDialog, type AdditionPricing } from "./individual-dialogs";
import { canResendInvitation, ResendInvitationButton } from "./resend-invitation-button";
import { VerifyByNote } from "./verify-by-note";

export interface IndividualsSectionProps {
  /** The individuals of this page of the filtered list. */
  rows: OwnCompanyDirector[];
  /** Live individuals in all, and how many the filter matches. */
  total: number;
  matching: number;
  statusStats: OwnCompany["statusStats"];
  /** The status filter from the address, or null for every status. */
  status: string | null;
  pager: Pick<Pager, "currentPage" | "totalPages">;
  productTier: ProductTier;
  journey: Journey;
  /** Whether the client may add individuals now, else the message key saying why not. */
  addBlockedBy: "oneOffLimit" | "payFirst" | null;
  pricing: AdditionPricing;
  pendingAdditions: OwnCompany["pendingAdditions"];
  allEmails: string[];
  csvTemplate: string;
  csvTemplateFileName: string;
}

/** An address of this page with the filter and page given (page 1 and no filter are left out). */
function hrefOf(status: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * The company's individuals: counts per status (links that filter), the status filter (kept in the
 * address), the table with each individual's verify-by date under their status (or that it has
 * passed), their next step (and, for the Managed service, the personal code once complete), add /
 * edit / remove, bulk add from CSV, export, and batches waiting for a card payment.
 */
export function IndividualsSection(props: IndividualsSectionProps) {
  const { rows, total, matching, statusStats, status, pager, productTier, journey, addBlockedBy, pricing, pendingAdditions } = props;
  const t = useTranslations("secure.company");
  const ts = useTranslations("statuses.director");
  const money = useMoney();
  const [adding, setAdding] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [editing, setEditing] = useState<OwnCompanyDirector | null>(null);
  const [removing, setRemoving] = useState<OwnCompanyDirector | null>(null);
  const [payProblem, setPayProblem] = useState(false);
  const managed = productTier === "Managed";
  const columns = managed ? 6 : 5;

  async function payNow(id: number) {
    setPayProblem(false);
    try {
      const res = await fetch(additionPaymentUrl(id), { method: "POST", credentials: "same-origin" });
      const body = (await res.json()) as { url?: string };
      if (res.ok && body.url) return window.location.assign(body.url);
    } catch {
      // shown below
    }
    setPayProblem(true);
  }

  return (
    <section aria-labelledby="individuals-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="individuals-title" className="text-xl font-bold">
          {t("directorsTitle")}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={() => setAdding(true)} disabled={addBlockedBy !== null}>
            {t("add.button")}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setBulk(true)} disabled={addBlockedBy !== null}>
            {t("bulk.button")}
          </Button>
          <a href={EXPORT_URL} download className={buttonClassName({ variant: "secondary" })}>
            {t("exportButton")}
          </a>
        </div>
      </div>
      {addBlockedBy ? <p className="text-ink-muted">{t(`add.${addBlockedBy}`)}</p> : null}

      {pendingAdditions.map((p) => (
        <Alert key={p.id} variant="warning" title={t("pending.title")}>
          <p>{t("pending.text", { count: p.individuals, amount: money(p.amountDue) })}</p>
          <Button type="button" className="mt-2" onClick={() => void payNow(p.id)}>
            {t("pending.payNow", { amount: money(p.amountDue) })}
          </Button>
        </Alert>
      ))}
      {payProblem ? <Alert variant="error">{t("pending.failed")}</Alert> : null}

      {total > 0 ? (
        <>
          <nav aria-label={t("statsLabel")}>
            <ul className="flex flex-wrap gap-2">
              {[{ value: null as string | null, label: t("allStatuses"), count: total }, ...statusStats].map((s) => {
                const active = (s.value ?? null) === status;
                return (
                  <li key={s.value ?? "all"}>
                    <Link
                      href={hrefOf(s.value)}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-3 font-semibold no-underline",
                        active ? "border-navy-900 bg-navy-900 text-white hover:text-white" : "border-line text-ink hover:bg-navy-50",
                      )}
                    >
                      {s.label} <span className="tabular-nums">({s.count})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <form method="get" className="flex flex-wrap items-end gap-3" onChange={(e) => e.currentTarget.requestSubmit()}>
            <div className="flex flex-col gap-1">
              <label htmlFor="status-filter" className="font-semibold">
                {t("filterLabel")}
              </label>
              <select id="status-filter" name="status" defaultValue={status ?? ""} key={status ?? ""} className="min-h-11 rounded-md border-2 border-line bg-white px-3 sm:w-72">
                <option value="">{t("allIndividualStatuses")}</option>
                {directorStatusLifecycleOrder.map((v) => (
                  <option key={v} value={v}>
                    {ts(v)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary">
              {t("applyFilter")}
            </Button>
          </form>
          <p role="status" className="text-sm text-ink-muted">
            {t("countShown", { shown: matching, total })}
          </p>
        </>
      ) : null}

      <Table size="md" caption={t("directorsTitle")}>
        <TableHead headers={[t("name"), t("email"), t("status"), t("nextStep"), ...(managed ? [t("personalCode")] : []), t("actions")]} />
        <TableBody>
          {total === 0 ? <TableEmptyRow colSpan={columns}>{t("noIndividuals")}</TableEmptyRow> : rows.length === 0 ? <TableEmptyRow colSpan={columns}>{t("noResults")}</TableEmptyRow> : null}
          {rows.map((d) => (
            <TableRow key={d.id} data-testid={`individual-${d.id}`}>
              <TableCell label={t("name")} className="font-semibold break-words">
                {d.name}
              </TableCell>
              <TableCell label={t("email")} className="break-all">
                {d.email}
                {d.pendingEmail ? <span className="block text-sm text-ink-muted">{t("pendingEmail", { email: d.pendingEmail })}</span> : null}
              </TableCell>
              <TableCell label={t("status")}>
                <StatusBadge kind="director" status={d.status} />
                <VerifyByNote deadline={d.verifyBy} className="mt-1 block" />
              </TableCell>
              <TableCell label={t("nextStep")}>{d.awaitingPayment ? t("nextSteps.awaitingPayment") : t(`nextSteps.${d.status}`)}</TableCell>
              {managed ? <TableCell label={t("personalCode")} className="font-mono">{d.personalCode ?? "—"}</TableCell> : null}
              <TableCell label={t("actions")}>
                <div className="flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(d)}>
                    {t("edit")}
                    <span className="sr-only"> {t("actionFor", { name: d.name })}</span>
                  </Button>
                  <Button type="button" size="sm" variant="danger" onClick={() => setRemoving(d)}>
                    {t("remove")}
                    <span className="sr-only"> {t("actionFor", { name: d.name })}</span>
                  </Button>
                  {canResendInvitation(d) ? <ResendInvitationButton director={d} /> : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination pager={pager} hrefFor={(page) => hrefOf(status, page)} label={t("pagesLabel")} />

      <AddIndividualDialog open={adding} onClose={() => setAdding(false)} pricing={pricing} journey={journey} />
      <BulkAddDialog
        open={bulk}
        onClose={() => setBulk(false)}
        pricing={pricing}
        journey={journey}
        template={props.csvTemplate}
        templateFileName={props.csvTemplateFileName}
        existingEmails={props.allEmails}
      />
      <EditIndividualDialog director={editing} onClose={() => setEditing(null)} />
      <RemoveIndividualDialog director={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}
