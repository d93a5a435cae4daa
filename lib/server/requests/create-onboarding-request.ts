import "server-only";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { rowsOf } from "@/db/client";
import { auditEntries, clients, directors } from "@/db/schema";
import { initialClientStatus } from "@/lib/domain/client-lifecycle";
import { getEnv } from "@/lib/env";
import { currentLocale } from "@/lib/i18n/current-locale";
import { translator } from "@/lib/i18n/translator";
import type { LwdbRecord } from "@/lib/integrations/lwdb";
import { invoiceJobKey } from "@/lib/jobs/definitions/raise-invoice";
import { sendJob } from "@/lib/jobs/send-job";
import { priceDirectors, withoutOverrides, type Quote } from "@/lib/pricing/pricing";
import { generateReference } from "@/lib/references";
import type { OnboardingRequest } from "@/lib/schemas/onboarding-request";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { clientPageLink, notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { releaseInvitations } from "./release-invitations";
import { requestConfirmationEmail } from "./request-emails";

export interface CreatedOnboardingRequest {
  clientId: number;
  reference: string;
  journey: OnboardingRequest["journey"];
  quote: Quote;
  /** The invitations wait for staff (not sent yet). */
  held: boolean;
}

/** How often a request is tried again when a random reference collides with one just taken. */
const ATTEMPTS = 3;

/**
 * `count` new references not yet used by any client or director (nor twice in the list). Random
 * references rarely collide, but a request of thousands against a large table may meet one, and a
 * collision found by the unique index would cost the whole transaction.
 */
async function freshReferences(tx: DbOrTx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const r = generateReference();
      if (!chosen.has(r)) candidates.add(r);
    }
    const list = [...candidates];
    // One text parameter (references are letters and digits only), looked up in the unique indexes.
    const wanted = sql`any(string_to_array(${list.join(",")}, ','))`;
    const taken = new Set(
      rowsOf<{ r: string }>(
        await tx.execute(sql`select ${clients.reference} as r from ${clients} where ${clients.reference} = ${wanted}
          union all select ${directors.reference} from ${directors} where ${directors.reference} = ${wanted}`),
      ).map((row) => row.r),
    );
    for (const r of list) if (!taken.has(r)) chosen.add(r);
  }
  return [...chosen];
}

/** An individual as stored: their request row and reference, and their register entry when picked from it. */
type NewIndividual = OnboardingRequest["individuals"][number] & { reference: string };

/**
 * Inserts the individuals and their DirectorCreated audit entries in one statement. A request may
 * carry thousands: the rows travel as one JSON parameter, because building a multi-row INSERT of
 * thousands of bound values costs far more than the database's work (about a second per thousand
 * rows in the query builder, against milliseconds here). An individual picked from the company's
 * register entry keeps it (officer id, role, appointment date, month and year of birth).
 */
async function insertDirectors(
  tx: DbOrTx,
  { clientId, actor, individuals }: { clientId: number; actor: { user: string; ip: string | null; userAgent: string | null }; individuals: NewIndividual[] },
): Promise<void> {
  // `i` keeps the file's order: the individuals' ids (and the admin's list) follow it.
  const rows = JSON.stringify(
    individuals.map(({ name, email, reference, register }, i) => ({
      name,
      email,
      reference,
      i,
      officer_id: register?.officerId ?? null,
      role: register?.role ?? null,
      appointed_on: register?.appointedOn ?? null,
      birth_month: register?.birthMonth ?? null,
      birth_year: register?.birthYear ?? null,
    })),
  );
  await tx.execute(sql`
    with created as (
      insert into ${directors} (client_id, name, email, reference, status, created_by, updated_by,
        register_officer_id, register_role, register_appointed_on, register_birth_month, register_birth_year)
      select ${clientId}, x.name, x.email, x.reference, 'AwaitingIDInfo', ${actor.user}, ${actor.user},
        x.officer_id, x.role, x.appointed_on, x.birth_month, x.birth_year
      from jsonb_to_recordset(${rows}::jsonb) as x(name text, email text, reference text, i int,
        officer_id text, role text, appointed_on date, birth_month int, birth_year int)
      order by x.i
      returning id, name, email
    )
    insert into ${auditEntries} (action, audit_type, entity_type, entity_id, client_id, director_id, "user", ip, user_agent, new_value)
    select 'Director ' || c.name || ' added', 'DirectorCreated', 'Director', c.id::text, ${clientId}, c.id, ${actor.user}, ${actor.ip}, ${actor.userAgent},
      jsonb_build_object('name', c.name, 'email', c.email)
    from created c order by c.id`);
}

function isReferenceCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code ? e : e?.cause;
  return pg?.code === "23505" && (pg.constraint === "clients_reference_key" || pg.constraint === "directors_reference_key");
}

/**
 * Stores an onboarding request, in one transaction: the client (a random reference; status
 * PaymentPending for card payment, else New; prices from the configured price via
 * priceDirectors()), its individuals (random references), the audit entries ClientCreated and DirectorCreated, and the
 * jobs the request causes: the confirmation email to the main contact, the individuals' invitations
 * (not yet for card payment: they wait for the payment to be confirmed; nor when `holdInvitations`:
 * they wait for staff to move the client to Onboarding, and the admins are told so), the invoice
 * for the invoice journey, and the admins' "new onboarding request" notification. Either all of
 * it is stored or nothing is.
 *
 * The caller has checked the input with onboardingRequestSchema, passed the bot check and the rate
 * limits, and, for the Existing journey (not paid through the portal), found the existing customer
 * its customer code names (`customer`, from lib/integrations/lwdb).
 *
 * The card payment itself is started after this commits (startCardPayment): Stripe is not called
 * inside a database transaction, and a request stays stored when Stripe is down.
 */
export async function createOnboardingRequest({
  db,
  input,
  customer = null,
  holdInvitations = false,
  meta,
}: {
  db: Db;
  input: OnboardingRequest;
  /** The existing customer of an Existing request (its customer code as the provider writes it is stored). */
  customer?: LwdbRecord | null;
  /** Invitations wait for staff (HOLD_REQUEST_INVITATIONS; see submitOnboardingRequest). */
  holdInvitations?: boolean;
  meta: { ip?: string; userAgent?: string };
}): Promise<CreatedOnboardingRequest> {
  const env = getEnv();
  if (input.journey === "Existing" && !customer) throw new Error("an Existing request needs its customer's record");
  const customerCode = input.journey === "Existing" ? customer!.customerCode : null;
  const hold = holdInvitations && input.journey !== "PayByCard";
  const q = priceDirectors({
    unitPrice: env.DIRECTOR_PRICE_PENCE,
    standardUnitPrice: env.DIRECTOR_PRICE_PENCE,
    // A request's individuals carry no price override yet: each at the configured price.
    directors: withoutOverrides(input.individuals.length),
    vatRatePercent: env.VAT_RATE_PERCENT,
    // A declared exemption is a claim staff confirm: VAT is charged until they do.
    vatExempt: false,
  });

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => store(tx, { ...input, customerCode: customerCode ?? undefined }, q, hold, meta));
    } catch (err) {
      if (attempt < ATTEMPTS && isReferenceCollision(err)) continue;
      throw err;
    }
  }
}

async function store(tx: DbOrTx, input: OnboardingRequest, q: Quote, hold: boolean, meta: { ip?: string; userAgent?: string }): Promise<CreatedOnboardingRequest> {
  const actor = input.mainContactEmail;
  const [clientReference, ...directorReferences] = await freshReferences(tx, 1 + input.individuals.length);
  const [client] = await tx
    .insert(clients)
    .values({
      name: input.company.name,
      companyId: input.company.companyId,
      customerCode: input.customerCode ?? null,
      reference: clientReference!,
      journey: input.journey,
      productTier: input.productTier,
      status: initialClientStatus(input.journey),
      mainContactFirstName: input.mainContactFirstName,
      mainContactLastName: input.mainContactLastName,
      mainContactEmail: input.mainContactEmail,
      mainContactTelephone: input.mainContactTelephone,
      billingEntityName: input.billingEntityName,
      billingAddressLine1: input.billingAddressLine1,
      billingAddressLine2: input.billingAddressLine2 ?? null,
      billingAddressCity: input.billingAddressCity,
      billingAddressState: input.billingAddressState ?? null,
      billingAddressPostCode: input.billingAddressPostCode ?? null,
      billingAddressCountry: input.billingAddressCountry,
      accountPayableContactFirstName: input.accountPayableContactFirstName,
      accountPayableContactLastName: input.accountPayableContactLastName,
      accountPayableContactEmail: input.accountPayableContactEmail,
      accountPayableContactTelephone: input.accountPayableContactTelephone ?? null,
      vatNumber: input.vatNumber ?? null,
      vatExempt: false,
      vatExemptionClaimed: input.vatExempt,
      purchaseOrderInfo: input.purchaseOrderInfo ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      invitationsHeld: hold,
      verifyBy: input.verifyBy ?? null,
      // The contact's language (of the request being answered): their emails, and their
      // individuals' until they choose one, are written in it.
      locale: currentLocale(),
      unitPrice: q.unitPrice,
      standardUnitPrice: q.standardUnitPrice,
      fullPrice: q.fullPrice,
      standardFullPrice: q.standardFullPrice,
      createdBy: actor,
      updatedBy: actor,
    })
    .returning({ id: clients.id, reference: clients.reference, name: clients.name, journey: clients.journey, productTier: clients.productTier, locale: clients.locale });
  const clientId = client!.id;

  const who = { user: actor, ip: meta.ip ?? null, userAgent: meta.userAgent ?? null };
  await insertDirectors(tx, { clientId, actor: who, individuals: input.individuals.map((individual, i) => ({ ...individual, reference: directorReferences[i]! })) });
  await writeAudit(tx, {
      ...who,
      action: `Client ${client!.name} created (${input.journey})`,
      auditType: "ClientCreated",
      entityType: "Client",
      entityId: String(clientId),
      clientId,
      newValue: {
        name: client!.name,
        reference: client!.reference,
        journey: input.journey,
        productTier: input.productTier,
        individuals: q.individuals,
        unitPrice: q.unitPrice,
        fullPrice: q.fullPrice,
        vatExemptionClaimed: input.vatExempt,
        amountDue: q.amountDue,
        ...(hold ? { invitationsHeld: true } : {}),
      },
  });

  const confirmation = requestConfirmationEmail(client!, q, { held: hold });
  await sendJob(
    tx,
    "email.send",
    { to: input.mainContactEmail, ...confirmation, about: { entityType: "Client", entityId: String(clientId), clientId, purpose: "request confirmation" } },
    { key: `request-confirmation:${clientId}` },
  );
  if (input.journey !== "PayByCard" && !hold) await releaseInvitations(tx, { clientId });
  if (input.journey === "PayByInvoice") await sendJob(tx, "invoice.raise", { clientId }, { key: invoiceJobKey(clientId) });
  await notifyAdmins({
    db: tx,
    clientId,
    message: translator()("notifications.newOnboardingRequest", {
      name: client!.name,
      reference: client!.reference,
      count: q.individuals,
      journey: translator()(`statuses.journey.${input.journey}`),
    }),
    dedupeKey: `new-onboarding-request:${clientId}`,
  });
  if (hold) {
    await notifyAdmins({
      db: tx,
      clientId,
      message: translator()("notifications.invitationsHeld", { name: client!.name, reference: client!.reference, count: q.individuals }),
      link: clientPageLink(clientId),
      dedupeKey: `invitations-held:${clientId}`,
    });
  }
  if (input.vatExempt) {
    await notifyAdmins({
      db: tx,
      clientId,
      message: translator()("notifications.vatExemptionClaimed", { name: client!.name, reference: client!.reference }),
      dedupeKey: `vat-exemption-claimed:${clientId}`,
    });
  }

  return { clientId, reference: client!.reference, journey: input.journey, quote: q, held: hold };
}
