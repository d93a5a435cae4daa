import Link from "next/link";
import { useTranslations } from "next-intl";
import { invitationResendRefusal } from "@/lib/domain/director-lifecycle";
import { directorStatusLifecycleOrder, type Journey, type ProductTier } from "@/lib/domain/values";
import type { Pager } from "@/lib/pager";
import type { OwnCompany, OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { StartPayment } from "@/components/payments/start-payment";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClassName } from "@/components/ui/button-styles";
import { cn } from "@/components/ui/cn";
import { Pagination } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";
import { AutoSubmitForm, IndividualDialogs, OpenIndividualDialog } from "./individual-actions";
import type { AdditionPricing } from "./individual-dialogs";
import { ResendInvitationButton } from "./resend-invitation-button";
import { additionPaymentUrl, EXPORT_URL } from "./urls";
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
  const managed = productTier === "Managed";
  const columns = managed ? 6 : 5;

  return (
    <IndividualDialogs
      pricing={pricing}
      journey={journey}
      csvTemplate={props.csvTemplate}
      csvTemplateFileName={props.csvTemplateFileName}
      allEmails={props.allEmails}
    >
      <section aria-labelledby="individuals-title" className="flex flex-col gap-4">
        {/* On a phone the buttons have their own row from the start: beside the heading, they wrapped
            under it once the rest of them had arrived, moving it (a layout shift of 0.08 seen while
            the page streamed in). */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
          <h2 id="individuals-title" className="text-xl font-bold">
            {t("directorsTitle")}
          </h2>
          <div className="flex flex-wrap gap-3">
            <OpenIndividualDialog dialog={{ kind: "add" }} disabled={addBlockedBy !== null}>
              {t("add.button")}
            </OpenIndividualDialog>
            <OpenIndividualDialog dialog={{ kind: "bulk" }} variant="secondary" disabled={addBlockedBy !== null}>
              {t("bulk.button")}
            </OpenIndividualDialog>
            <a href={EXPORT_URL} download className={buttonClassName({ variant: "secondary" })}>
              {t("exportButton")}
            </a>
          </div>
        </div>
        {addBlockedBy ? <p className="text-ink-muted">{t(`add.${addBlockedBy}`)}</p> : null}

        {pendingAdditions.map((p) => (
          <Alert key={p.id} variant="warning" title={t("pending.title")}>
            <p>{t("pending.text", { count: p.individuals, amount: money(p.amountDue) })}</p>
            <StartPayment
              endpoint={additionPaymentUrl(p.id)}
              label={t("pending.payNow", { amount: money(p.amountDue) })}
              startingLabel={t("pending.starting")}
              failed={t("pending.failed")}
              className="mt-2 flex flex-col gap-2"
            />
          </Alert>
        ))}

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
            <AutoSubmitForm method="get" className="flex flex-wrap items-end gap-3">
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
            </AutoSubmitForm>
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
                    <OpenIndividualDialog dialog={{ kind: "edit", director: d }} size="sm" variant="secondary">
                      {t("edit")}
                      <span className="sr-only"> {t("actionFor", { name: d.name })}</span>
                    </OpenIndividualDialog>
                    <OpenIndividualDialog dialog={{ kind: "remove", director: d }} size="sm" variant="danger">
                      {t("remove")}
                      <span className="sr-only"> {t("actionFor", { name: d.name })}</span>
                    </OpenIndividualDialog>
                    {invitationResendRefusal(d) === null ? <ResendInvitationButton director={d} /> : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pagination pager={pager} hrefFor={(page) => hrefOf(status, page)} label={t("pagesLabel")} />
      </section>
    </IndividualDialogs>
  );
}
