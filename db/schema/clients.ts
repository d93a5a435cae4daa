import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { billingParty, changeTracking, identity, mainContact, softDelete, timestamptz } from "./columns";
import { clientStatus, journey, productTier } from "./enums";

/**
 * A client company that requests identity verification for its directors (docs/domain.md "Client").
 *
 * Money is integer pence. Derived fields of the specification that are not columns:
 * - `directors`: the relation `clients.directors` (see relations.ts).
 * - `directorCount` is a column kept by triggers on directors (migration 0012) in the same
 *   statement as every insert, deletion, soft deletion or move of a director, so it cannot drift
 *   from the rows it counts; `director_count_check()` compares it with a count of the rows.
 * - `statusStats`: computed per query (count of directors per status), never stored.
 */
export const clients = pgTable(
  "clients",
  {
    id: identity(),
    name: text().notNull(),
    /** Customer account code in the accounting system (Sage). */
    sageId: text(),
    /** Random, unambiguous sign-in reference (lib/references.ts). */
    reference: text().notNull(),
    /** Company number or the provider's company identifier. */
    companyId: text(),
    /** The provider's customer code / LWDB number (existing customers, journey Existing). */
    customerCode: text(),
    ...mainContact(),
    ...changeTracking(),
    /** Price per director in pence, as charged to this client (an admin may change it). */
    unitPrice: integer(),
    /** The configured default price per director in pence when the client was created. */
    standardUnitPrice: integer(),
    /** Total price in pence of the request. */
    fullPrice: integer(),
    /** Total price in pence at standard prices. */
    standardFullPrice: integer(),
    inKantata: boolean().notNull().default(false),
    kantataReference: text(),
    reminderCount: integer().notNull().default(0),
    lastReminderDate: timestamptz(),
    /** The assigned internal team member (their email, as in users.email). */
    owner: text(),
    productTier: productTier().notNull(),
    status: clientStatus().notNull().default("New"),
    ...softDelete(),
    notes: text(),
    journey: journey().notNull(),
    ...billingParty(),
    purchaseOrderInfo: text(),
    /** Card payment (Stripe Checkout) session id; unique when set (NULLs never collide). */
    paymentSessionId: text(),
    paymentSessionSecret: text(),
    /** Exempt from VAT, as confirmed by staff: only this lowers a charge or an invoice. */
    vatExempt: boolean().notNull().default(false),
    /** The request declared an exemption from VAT: a claim for staff to confirm (VAT is charged until then). */
    vatExemptionClaimed: boolean().notNull().default(false),
    /** The request form's idempotency key: the same request sent again gets the first answer (unique when set). */
    idempotencyKey: uuid(),
    /**
     * The individuals' invitations wait for staff (HOLD_REQUEST_INVITATIONS): set when a request is
     * filed that way, cleared when they are released (moving the client to Onboarding).
     */
    invitationsHeld: boolean().notNull().default(false),
    /** The date the company asked its individuals to be verified by (optional, given on the request). */
    verifyBy: date({ mode: "string" }),
    /**
     * The language the company contact uses (`en-GB` or `cy`): set when they file the request and when
     * they switch language signed in; emails to the contact, and to its individuals who have not
     * chosen one, are written in it (lib/i18n/recipient-locale.ts).
     */
    locale: text(),
    paid: boolean().notNull().default(false),
    paidAt: timestamptz(),
    sageInvoiceNumber: text(),
    /** Directors of the client that are not deleted; kept by triggers, never written by the portal. */
    directorCount: integer().notNull().default(0),
    /**
     * The company's entry at Companies House, by `companyId` (lib/server/companies-house/
     * refresh-client-register.ts, nightly and `npm run companies-house:sync`): its status on the
     * register ("active", "dissolved", "liquidation", ...), its type ("ltd", "llp", "plc", ...) and
     * the date its next confirmation statement is due. All null when the register has no such
     * company; `registerCheckedAt` says when the register was last asked (null: never).
     */
    companyStatus: text(),
    companyType: text(),
    confirmationStatementDue: date({ mode: "string" }),
    registerCheckedAt: timestamptz(),
    /**
     * The earliest verify-by date (lib/domain/verify-by.ts) of the client's people still to be
     * verified (not deleted, complete or rejected); null when none is bound by a date. Kept by
     * triggers (migration 0040), never written by the portal.
     */
    nextVerifyBy: date({ mode: "string" }),
    /**
     * The admin list's default order: `createdAt`, moved 10,000 years later while someone's
     * verify-by date has passed, so that newest first puts those clients first. Kept by a trigger
     * and the nightly `clients.mark-overdue` job (migration 0040), never written by the portal.
     */
    priorityAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check("clients_locale_check", sql`${t.locale} IN ('en-GB', 'cy')`),
    uniqueIndex("clients_reference_key").on(t.reference),
    uniqueIndex("clients_payment_session_id_key").on(t.paymentSessionId),
    uniqueIndex("clients_idempotency_key_key").on(t.idempotencyKey),
    index("clients_status_idx").on(t.status),
    index("clients_created_at_idx").on(t.createdAt),
    index("clients_updated_at_idx").on(t.updatedAt),
    index("clients_product_tier_idx").on(t.productTier),
    index("clients_owner_idx").on(t.owner),
    // The admin search sorted by number of individuals reads live clients in this order.
    index("clients_live_director_count_id_idx").on(t.directorCount, t.id).where(sql`${t.isDeleted} = false`),
    // And by every other sortable column (both views): a page of live clients read in index order
    // instead of sorting all of them. Non-null columns serve both directions; nullable ones have one
    // index per direction (empty values last either way, as the search orders them).
    ...(["createdAt", "updatedAt", "name", "reference", "mainContactEmail", "productTier", "status", "journey", "inKantata"] as const).map((k) =>
      index(`clients_live_${snake(k)}_id_idx`).on(t[k], t.id).where(sql`${t.isDeleted} = false`),
    ),
    // Also carries director_count (INCLUDE, migration 0046, which Drizzle cannot declare): the
    // individual view's deep pages sum it from the index alone.
    index("clients_live_priority_at_id_idx").on(t.priorityAt, t.id).where(sql`${t.isDeleted} = false`),
    // The deadline filter and the deadline reminders find clients by their earliest date.
    index("clients_next_verify_by_idx").on(t.nextVerifyBy).where(sql`${t.nextVerifyBy} is not null`),
    ...(["sageId", "companyId", "owner", "unitPrice", "fullPrice", "kantataReference", "nextVerifyBy"] as const).flatMap((k) => [
      index(`clients_live_${snake(k)}_id_idx`).on(t[k].asc().nullsLast(), t.id).where(sql`${t.isDeleted} = false`),
      index(`clients_live_${snake(k)}_desc_id_idx`).on(t[k].desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = false`),
    ]),
    index("clients_main_contact_email_lower_idx").on(sql`lower(${t.mainContactEmail})`),
    // Trigram indexes serve the admin global search (ILIKE '%term%').
    index("clients_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("clients_reference_trgm_idx").using("gin", t.reference.op("gin_trgm_ops")),
    index("clients_main_contact_email_trgm_idx").using("gin", t.mainContactEmail.op("gin_trgm_ops")),
  ],
);

export type Client = typeof clients.$inferSelect;

/**
 * A column naming the client a row belongs to: the client cannot be deleted while it has any
 * (ON DELETE RESTRICT).
 */
export const clientRef = () =>
  integer()
    .notNull()
    .references(() => clients.id, { onDelete: "restrict" });

/** `mainContactEmail` → `main_contact_email`, for index names. */
function snake(key: string): string {
  return key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}
export type NewClient = typeof clients.$inferInsert;
