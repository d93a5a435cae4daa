import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { rowsOf } from "@/db/client";
import type { DirectorStatus } from "@/db/schema";
import { deadlineStepTable, reminderGaps, summaryGaps } from "@/lib/domain/reminder-steps";
import { daysUntil, verifyBy } from "@/lib/domain/verify-by";
import type { JobPayload } from "@/lib/jobs/definitions";
import type { JobQueue } from "@/lib/jobs/queue";
import { sendJobs } from "@/lib/jobs/send-jobs";
import { withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { contactReminderEmail, deadlineReminderEmail, directorReminderEmail, idvReminderEmail } from "./reminder-emails";

/*
 * Claiming a reminder and sending it are one transaction: a conditional UPDATE takes the person
 * (bumps the count, stamps the date) only if they are due and were not reminded today, and the
 * email job is written by the same transaction. So a run killed half-way leaves each person either
 * reminded and counted, or neither; a second run on the same day (another worker, a retry, the
 * admin's button) finds the date stamped and leaves them alone; and two runs at once queue on the
 * row lock, the second re-checking the condition after the first commits. The job key
 * (`reminder:<directorId>:<date>`) makes the email one job even if all of that were bypassed.
 *
 * Days are UK calendar days: a reminder due "two days after" an invitation sent at 16:00 on Monday
 * goes with Wednesday's run, whatever time of day that is.
 *
 * Deadline reminders (kind `deadline`) go on top of the others, by the days before a person's
 * verify-by date (VERIFY_BY_REMINDER_DAYS, lib/domain/reminder-steps.ts): the same claim, dated in
 * `last_reminder_date` as the plain reminder is, so the one-a-day rule holds across both kinds and
 * the plain reminders' next step counts from it. `verify_by_reminded_for` and
 * `verify_by_reminder_days` say which step went for which date, so each step goes once per date.
 */

export type ReminderKind = "deadline" | "director" | "idv" | "contact";

export interface ClaimOptions {
  now: Date;
  /** REMINDER_DAYS. */
  days: readonly number[];
  /**
   * `schedule`: only those whose next step is due. `now`: the admin's button, for one record,
   * ignoring the steps but not what makes a record never reminded, nor the one-a-day rule.
   */
  mode: "schedule" | "now";
  /** VERIFY_BY_REMINDER_DAYS, largest first (the `deadline` kind; none when empty). */
  deadlineDays?: readonly number[];
  /** The admin's button names the record. */
  directorId?: number;
  clientId?: number;
  limit: number;
  /** The queue to send through when `db` is not this process's database (tests). */
  queue?: JobQueue;
}

/** The UK date of `now`, as the job keys and the one-a-day rule count days. */
export function ukDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const ukDay = (value: SQL) => sql`((${value}) at time zone 'Europe/London')::date`;
const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;

/**
 * When an individual was invited: their invitation email's send (audited by the job); before it is
 * sent, when their invitation was released (invited_at: an invitation still waiting in the queue,
 * behind thousands or for a stopped worker, must not be overtaken by a reminder the same day); for
 * records from before either (imported, demo; migration 0030 set invited_at to it), when they were added.
 */
const invitedAt = sql`coalesce((select min(a."timestamp") from audit_entries a
  where a.director_id = d.id and a.audit_type = 'Email' and a.action = 'Email sent: invitation'), d.invited_at, d.created_at)`;

/** Neither kind of reminder yet today: one reminder per person per day. */
const notRemindedToday = (today: SQL) => sql`(d.last_reminder_date is null or ${ukDay(sql`d.last_reminder_date`)} < ${today})
  and (d.last_idv_reminder_date is null or ${ukDay(sql`d.last_idv_reminder_date`)} < ${today})`;

/**
 * Records never reminded: deleted individuals or companies, individuals complete or rejected, and
 * individuals not invited (an unpaid request or batch, or invitations held for staff): they could
 * not sign in.
 */
const liveDirector = sql`d.is_deleted = false and c.is_deleted = false and d.status not in ('Complete', 'Rejected')
  and c.status <> 'PaymentPending' and d.invited_at is not null`;

/** Opened the identity check (clicked the link, or a provider session exists) and it has not finished. */
const inIdentityCheck = sql`d.status in ('AwaitingIDInfo', 'IDVLinkExpired') and (d.yoti_link_clicked or d.session_id is not null)`;

function directorCondition(kind: "director" | "idv", o: ClaimOptions, today: SQL): SQL {
  const parts: SQL[] = [liveDirector, notRemindedToday(today)];
  if (o.directorId !== undefined) parts.push(sql`d.id = ${o.directorId}`);
  if (o.clientId !== undefined) parts.push(sql`d.client_id = ${o.clientId}`);
  if (kind === "idv") {
    parts.push(inIdentityCheck);
    if (o.mode === "schedule") {
      const anchor = sql`coalesce(d.last_idv_reminder_date, greatest(${invitedAt}, d.last_reminder_date))`;
      parts.push(sql`d.idv_reminder_count < ${o.days.length} and ${ukDay(anchor)} + (${intArray(reminderGaps(o.days))})[d.idv_reminder_count + 1] <= ${today}`);
    }
  } else if (o.mode === "schedule") {
    // Not started: invited, and neither the identity check opened nor anything given yet.
    parts.push(sql`d.status = 'AwaitingIDInfo' and d.yoti_link_clicked = false and d.session_id is null`);
    const anchor = sql`coalesce(d.last_reminder_date, ${invitedAt})`;
    parts.push(sql`d.reminder_count < ${o.days.length} and ${ukDay(anchor)} + (${intArray(reminderGaps(o.days))})[d.reminder_count + 1] <= ${today}`);
  } else {
    // By hand: anyone with something left to do who is not in the identity check gets the plain reminder.
    parts.push(sql`not (${inIdentityCheck})`);
  }
  return sql.join(parts, sql` and `);
}

/** A person's verify-by date in SQL (migration 0040: lib/domain/verify-by.ts's rule), over d and its client c. */
const personVerifyBy = sql`person_verify_by(c.verify_by, c.confirmation_statement_due, d.register_role, d.register_appointed_on, d.register_birth_month)`;

/**
 * Due a deadline reminder today: still to be verified and invited (liveDirector), not under review
 * (waiting for staff, nothing for them to do), not reminded today, and the step their date falls in
 * today (lib/domain/reminder-steps.ts deadlineStepTable, read by days left) not yet sent for that
 * date. The client's earliest date (clients.next_verify_by, kept by triggers) finds the few
 * clients whose people can be due on its index, so the run does not compute every person's date.
 */
function deadlineCondition(o: ClaimOptions, today: SQL, steps: SQL, furthest: number): SQL {
  const parts: SQL[] = [
    liveDirector,
    notRemindedToday(today),
    sql`d.status <> 'UnderReview'`,
    sql`c.next_verify_by <= ${today} + ${furthest}::int`,
    sql`${personVerifyBy} between ${today} and ${today} + ${furthest}::int`,
    sql`(d.verify_by_reminded_for is distinct from ${personVerifyBy} or d.verify_by_reminder_days is null
      or ${steps}[${personVerifyBy} - ${today} + 1] < d.verify_by_reminder_days)`,
  ];
  if (o.directorId !== undefined) parts.push(sql`d.id = ${o.directorId}`);
  if (o.clientId !== undefined) parts.push(sql`d.client_id = ${o.clientId}`);
  return sql.join(parts, sql` and `);
}

interface ClaimedDirector {
  id: number;
  client_id: number;
  email: string;
  reference: string;
  company: string;
  /** Their own language, else their company's. */
  locale: string | null;
}

interface ClaimedDeadline extends ClaimedDirector {
  verify_by: string;
  requested: string | null;
  confirmation_statement_due: string | null;
  register_role: string | null;
  register_appointed_on: string | null;
  register_birth_month: number | null;
}

async function claimDeadlines(tx: DbOrTx, o: ClaimOptions): Promise<number> {
  const days = o.deadlineDays ?? [];
  if (o.mode !== "schedule" || days.length === 0) return 0;
  const date = ukDate(o.now);
  const today = sql`${date}::date`;
  const table = deadlineStepTable(days);
  const steps = sql`(${`{${table.map((s) => (s === null ? "NULL" : String(s))).join(",")}}`}::int[])`;
  const rows = rowsOf<ClaimedDeadline>(
    await tx.execute(sql`
      with due as (
        select d.id, ${personVerifyBy} as verify_by, ${steps}[${personVerifyBy} - ${today} + 1] as step
        from directors d join clients c on c.id = d.client_id
        where ${deadlineCondition(o, today, steps, table.length - 1)}
        order by d.id limit ${o.limit}
        for update of d
      )
      update directors d set last_reminder_date = ${o.now.toISOString()}::timestamptz,
        verify_by_reminded_for = due.verify_by, verify_by_reminder_days = due.step
      from due, clients c
      where d.id = due.id and c.id = d.client_id and ${notRemindedToday(today)}
      returning d.id, d.client_id, d.email, d.reference, c.name as company, coalesce(d.locale, c.locale) as locale,
        due.verify_by::text as verify_by, c.verify_by::text as requested, c.confirmation_statement_due::text as confirmation_statement_due,
        d.register_role, d.register_appointed_on::text as register_appointed_on, d.register_birth_month`),
  );
  await sendJobs(
    tx,
    "email.send",
    rows.map((r): { payload: JobPayload<"email.send">; key: string } => {
      // The reason is named by the same rule in TypeScript; the date is the one the claim counted to.
      const binding = verifyBy({
        requested: r.requested,
        confirmationStatementDue: r.confirmation_statement_due,
        role: r.register_role,
        appointedOn: r.register_appointed_on,
        birthMonth: r.register_birth_month === null ? null : Number(r.register_birth_month),
      });
      const deadline = { date: r.verify_by, reason: binding?.date === r.verify_by ? binding.reason : ("requested" as const), daysLeft: daysUntil(r.verify_by, date) };
      return {
        key: `deadline-reminder:${r.id}:${date}`,
        payload: {
          ...withLocale(recipientLocale(r), () => deadlineReminderEmail({ reference: r.reference }, r.company, deadline, o.now)),
          to: r.email,
          about: { entityType: "Director", entityId: String(r.id), clientId: Number(r.client_id), directorId: Number(r.id), purpose: "deadline reminder" },
        },
      };
    }),
    { queue: o.queue },
  );
  return rows.length;
}

async function claimDirectors(tx: DbOrTx, kind: "director" | "idv", o: ClaimOptions): Promise<number> {
  const today = sql`${ukDate(o.now)}::date`;
  const set =
    kind === "idv"
      ? sql`idv_reminder_count = d.idv_reminder_count + 1, last_idv_reminder_date = ${o.now.toISOString()}::timestamptz`
      : sql`reminder_count = d.reminder_count + 1, last_reminder_date = ${o.now.toISOString()}::timestamptz`;
  const rows = rowsOf<ClaimedDirector>(
    await tx.execute(sql`
      with due as (
        select d.id from directors d join clients c on c.id = d.client_id
        where ${directorCondition(kind, o, today)}
        order by d.id limit ${o.limit}
        for update of d
      )
      update directors d set ${set}
      from due, clients c
      where d.id = due.id and c.id = d.client_id and ${notRemindedToday(today)}
      returning d.id, d.client_id, d.email, d.reference, c.name as company, coalesce(d.locale, c.locale) as locale`),
  );
  const date = ukDate(o.now);
  const render = kind === "idv" ? idvReminderEmail : directorReminderEmail;
  const purpose = kind === "idv" ? "identity-check reminder" : "reminder";
  await sendJobs(
    tx,
    "email.send",
    rows.map((r): { payload: JobPayload<"email.send">; key: string } => ({
      key: `${kind === "idv" ? "idv-reminder" : "reminder"}:${r.id}:${date}`,
      payload: {
        ...withLocale(recipientLocale(r), () => render({ reference: r.reference }, r.company, o.now)),
        to: r.email,
        about: { entityType: "Director", entityId: String(r.id), clientId: Number(r.client_id), directorId: Number(r.id), purpose },
      },
    })),
    { queue: o.queue },
  );
  return rows.length;
}

/** An individual outstanding: invited, not deleted, not complete, not rejected. */
const outstandingDirector = sql`d.client_id = c.id and d.is_deleted = false and d.status not in ('Complete', 'Rejected') and d.invited_at is not null`;

function contactCondition(o: ClaimOptions, today: SQL): SQL {
  const parts: SQL[] = [
    sql`c.is_deleted = false and c.status <> 'Completed'`,
    sql`(c.last_reminder_date is null or ${ukDay(sql`c.last_reminder_date`)} < ${today})`,
  ];
  if (o.clientId !== undefined) parts.push(sql`c.id = ${o.clientId}`);
  if (o.mode === "schedule") {
    const first = o.days[0]!;
    const last = o.days[o.days.length - 1]!;
    // Unpaid since the first step, or an individual still outstanding after the last one (their
    // own reminders are over; the contact takes it from here).
    parts.push(sql`((c.status = 'PaymentPending' and ${ukDay(sql`c.created_at`)} + ${first}::int <= ${today})
      or (c.status <> 'PaymentPending' and exists (select 1 from directors d where ${outstandingDirector} and ${ukDay(invitedAt)} + ${last}::int < ${today})))`);
    parts.push(sql`c.reminder_count < ${o.days.length}
      and (c.last_reminder_date is null or ${ukDay(sql`c.last_reminder_date`)} + (${intArray(summaryGaps(o.days))})[c.reminder_count + 1] <= ${today})`);
  } else {
    parts.push(sql`(c.status = 'PaymentPending' or exists (select 1 from directors d where ${outstandingDirector}))`);
  }
  return sql.join(parts, sql` and `);
}

interface ClaimedClient {
  id: number;
  name: string;
  reference: string;
  status: string;
  main_contact_email: string;
  locale: string | null;
}

async function claimContacts(tx: DbOrTx, o: ClaimOptions): Promise<number> {
  const today = sql`${ukDate(o.now)}::date`;
  const claimed = rowsOf<ClaimedClient>(
    await tx.execute(sql`
      with due as (
        select c.id from clients c where ${contactCondition(o, today)}
        order by c.id limit ${o.limit}
        for update of c
      )
      update clients c set reminder_count = c.reminder_count + 1, last_reminder_date = ${o.now.toISOString()}::timestamptz
      from due
      where c.id = due.id and (c.last_reminder_date is null or ${ukDay(sql`c.last_reminder_date`)} < ${today})
      returning c.id, c.name, c.reference, c.status, c.main_contact_email, c.locale`),
  );
  if (!claimed.length) return 0;
  const ids = intArray(claimed.map((c) => Number(c.id)));
  const people = rowsOf<{ client_id: number; name: string; status: DirectorStatus }>(
    await tx.execute(sql`select d.client_id, d.name, d.status from directors d join clients c on c.id = d.client_id
      where c.id = any(${ids}) and ${outstandingDirector} order by d.client_id, d.name, d.id`),
  );
  const date = ukDate(o.now);
  await sendJobs(
    tx,
    "email.send",
    claimed.map((c): { payload: JobPayload<"email.send">; key: string } => {
      const outstanding = c.status === "PaymentPending" ? [] : people.filter((p) => Number(p.client_id) === Number(c.id));
      return {
        key: `contact-reminder:${c.id}:${date}`,
        payload: {
          ...withLocale(recipientLocale(c), () => contactReminderEmail(c, outstanding, o.now)),
          to: c.main_contact_email,
          about: { entityType: "Client", entityId: String(c.id), clientId: Number(c.id), purpose: "contact reminder" },
        },
      };
    }),
    { queue: o.queue },
  );
  return claimed.length;
}

/**
 * Claims up to `limit` reminders of one kind and writes their emails, in `tx` (pass a transaction:
 * the claim and the email must commit together). Returns how many were claimed.
 */
export function claimReminders(tx: DbOrTx, kind: ReminderKind, options: ClaimOptions): Promise<number> {
  if (kind === "deadline") return claimDeadlines(tx, options);
  return kind === "contact" ? claimContacts(tx, options) : claimDirectors(tx, kind, options);
}
