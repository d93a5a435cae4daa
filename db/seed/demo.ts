import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { seedLwdbDemo } from "./lwdb-demo";
import { encryptPersonalCode, personalCodeKeysFrom } from "../../lib/crypto/personal-code";
import { getEnv } from "../../lib/env";
import { evidenceNeeded, type EvidenceKind } from "../../lib/domain/evidence-needed";
import {
  auditEntries,
  clients,
  directorAddresses,
  directorChecks,
  directorMedia,
  directors,
  notifications,
  users,
  type AuditType,
  type ClientStatus,
  type DirectorStatus,
  type Journey,
  type NewAuditEntry,
  type NewDirector,
  type ProductTier,
} from "../schema";

/*
 * Demonstration data: six client companies and eighteen directors covering every client status,
 * every director status, both product tiers and all three journeys, with address history, provider
 * checks and media, audit entries and notifications.
 *
 * Idempotent: clients are keyed on their fixed references, users on their emails, notifications on
 * a dedupe key. A client that already exists is left alone together with everything under it, so
 * running the seed again changes nothing.
 *
 * All addresses, emails (the reserved `.example` domain), telephone numbers (Ofcom drama ranges)
 * and company numbers are fictitious.
 */

export interface DemoAccount {
  role: "DV_CompanyContact" | "DV_Director" | "Admin";
  name: string;
  email: string;
  /** The reference typed at /login with the email; null for admins, who use single sign-on. */
  reference: string | null;
  /** What the account shows once signed in. */
  sees: string;
}

/** The accounts to try the portal with (README lists them). */
export const demoAccounts: readonly DemoAccount[] = [
  {
    role: "DV_CompanyContact",
    name: "Olivia Bennett",
    email: "olivia.bennett@hartwell-holdings.example",
    reference: "HWH7K2QP",
    sees: "Company management for Hartwell Holdings Ltd (Managed, in progress): six directors in six different statuses and one deleted director.",
  },
  {
    role: "DV_CompanyContact",
    name: "Kate Holloway",
    email: "kate.holloway@northgate-property.example",
    reference: "NPS6R2WD",
    sees: "Northgate Property Services Ltd (one-off, pay by card): the card payment is still pending.",
  },
  {
    role: "DV_Director",
    name: "James Whitaker",
    email: "james.whitaker@hartwell-holdings.example",
    reference: "JW4T8KQM",
    sees: "His own individual details (awaiting ID info): address history and the identity check still to do.",
  },
  {
    role: "DV_Director",
    name: "Eleanor Clarke",
    email: "eleanor.clarke@hartwell-holdings.example",
    reference: "EC3J7HYD",
    sees: "Verified and reported to Companies House; asked to enter her Companies House personal code.",
  },
  {
    role: "DV_Director",
    name: "Sophie Turner",
    email: "sophie.turner@hartwell-holdings.example",
    reference: "ST2F6PNG",
    sees: "Outstanding ID info: asked to upload evidence of her change of name.",
  },
  {
    role: "Admin",
    name: "Portal Administrator",
    email: "admin@portal.example",
    reference: null,
    sees: "Signs in with single sign-on; the whole back office: client search, client and director detail, audit, notifications.",
  },
] as const;

interface DemoAddress {
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postcode: string;
  country?: string;
}

interface DemoDirector {
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  status: DirectorStatus;
  /** Current address and since how many months ago; absent when the director has not filled it in. */
  address?: DemoAddress & { sinceMonths: number };
  /** Earlier addresses, most recent first, each with how many months ago it started. */
  previousAddresses?: (DemoAddress & { sinceMonths: number })[];
  formerNames?: string[];
  /** The kinds of evidence a review asked for (OutstandingIDInfo); by default what the record implies. */
  evidenceOutstanding?: EvidenceKind[];
  override?: { status: DirectorStatus; original: DirectorStatus; reason: string };
  priceOverride?: { pence: number; reason: string };
  deleteReason?: string;
  companiesHouseCode?: string;
  /** Created this many days ago. */
  createdDaysAgo: number;
}

interface DemoClient {
  reference: string;
  name: string;
  companyId: string;
  sageId: string | null;
  customerCode: string | null;
  productTier: ProductTier;
  journey: Journey;
  status: ClientStatus;
  contact: { firstName: string; lastName: string; email: string; telephone: string };
  accountsPayable?: { firstName: string; lastName: string; email: string; telephone: string };
  billing: DemoAddress & { entityName: string };
  unitPrice: number;
  owner: string | null;
  kantataReference: string | null;
  vatNumber?: string;
  purchaseOrderInfo?: string;
  vatExempt?: boolean;
  paid?: boolean;
  paymentSessionId?: string;
  sageInvoiceNumber?: string;
  notes?: string;
  createdDaysAgo: number;
  directors: DemoDirector[];
}

/** Default price per director, in pence, at the time of the demo requests. */
const STANDARD_UNIT_PRICE = 6500;
const ADMIN_EMAIL = "admin@portal.example";
const CASE_MANAGER = "sarah.collins@portal.example";
const ACCOUNT_MANAGER = "tom.reid@portal.example";
/** Countries are stored as ISO 3166-1 alpha-2 codes (lib/countries.ts). */
const UK = "GB";

export const demoStaff = [
  { email: ADMIN_EMAIL, displayName: "Portal Administrator" },
  { email: CASE_MANAGER, displayName: "Sarah Collins" },
  { email: ACCOUNT_MANAGER, displayName: "Tom Reid" },
] as const;

const demoClients: DemoClient[] = [
  {
    reference: "HWH7K2QP",
    name: "Hartwell Holdings Ltd",
    companyId: "09417262",
    sageId: "HART001",
    customerCode: "LWDB-10482",
    productTier: "Managed",
    journey: "Existing",
    status: "InProgress",
    contact: { firstName: "Olivia", lastName: "Bennett", email: "olivia.bennett@hartwell-holdings.example", telephone: "020 7946 0321" },
    billing: { entityName: "Hartwell Holdings Ltd", line1: "14 Albemarle Street", city: "London", postcode: "W1S 4HW", country: UK },
    unitPrice: 5500,
    owner: CASE_MANAGER,
    kantataReference: "KAN-20931",
    notes: "Group of seven directors; Mark Ellis resigned before starting.",
    createdDaysAgo: 34,
    directors: [
      {
        reference: "JW4T8KQM",
        firstName: "James",
        lastName: "Whitaker",
        email: "james.whitaker@hartwell-holdings.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 34,
      },
      {
        reference: "PS6N3VXA",
        firstName: "Priya",
        lastName: "Sharma",
        email: "priya.sharma@hartwell-holdings.example",
        status: "UnderReview",
        address: { line1: "8 Wellington Place", city: "Leeds", state: "West Yorkshire", postcode: "LS1 4AP", sinceMonths: 7 },
        previousAddresses: [{ line1: "Flat 3, 41 Headingley Lane", city: "Leeds", state: "West Yorkshire", postcode: "LS6 1BL", sinceMonths: 40 }],
        createdDaysAgo: 34,
      },
      {
        reference: "TH8R2MWE",
        firstName: "Thomas",
        lastName: "Hughes",
        email: "thomas.hughes@hartwell-holdings.example",
        status: "Verified",
        address: { line1: "22 Cathedral Road", city: "Cardiff", postcode: "CF11 9LJ", sinceMonths: 52 },
        createdDaysAgo: 34,
      },
      {
        reference: "EC3J7HYD",
        firstName: "Eleanor",
        lastName: "Clarke",
        email: "eleanor.clarke@hartwell-holdings.example",
        status: "AwaitingAuthCode",
        address: { line1: "5 Royal Crescent", city: "Bath", state: "Somerset", postcode: "BA1 2LR", sinceMonths: 4 },
        previousAddresses: [
          { line1: "17 Clifton Park Road", city: "Bristol", postcode: "BS8 3HN", sinceMonths: 30 },
        ],
        createdDaysAgo: 34,
      },
      {
        reference: "MR5W9KTB",
        firstName: "Mohammed",
        lastName: "Rahman",
        email: "mohammed.rahman@hartwell-holdings.example",
        status: "Complete",
        address: { line1: "63 Edgbaston Park Road", city: "Birmingham", state: "West Midlands", postcode: "B15 2RS", sinceMonths: 96 },
        companiesHouseCode: "RH4K7Q2XM9T",
        createdDaysAgo: 34,
      },
      {
        reference: "ST2F6PNG",
        firstName: "Sophie",
        lastName: "Turner",
        email: "sophie.turner@hartwell-holdings.example",
        status: "OutstandingIDInfo",
        formerNames: ["Sophie Marsh"],
        evidenceOutstanding: ["Name"],
        address: { line1: "2 Quayside Mews", line2: "Gateshead Quays", city: "Gateshead", state: "Tyne and Wear", postcode: "NE8 2BH", sinceMonths: 9 },
        previousAddresses: [{ line1: "119 Jesmond Road", city: "Newcastle upon Tyne", postcode: "NE2 1NL", sinceMonths: 28 }],
        createdDaysAgo: 34,
      },
      {
        reference: "ME9Q4RZC",
        firstName: "Mark",
        lastName: "Ellis",
        email: "mark.ellis@hartwell-holdings.example",
        status: "AwaitingIDInfo",
        deleteReason: "Resigned as a director before verification started.",
        createdDaysAgo: 34,
      },
    ],
  },
  {
    reference: "CFC4M8TR",
    name: "Calder & Finch Consulting Ltd",
    companyId: "11820457",
    sageId: "CALD002",
    customerCode: null,
    productTier: "OneOff",
    journey: "PayByCard",
    status: "Completed",
    contact: { firstName: "Grace", lastName: "Calder", email: "grace.calder@calderfinch.example", telephone: "0161 496 0842" },
    billing: { entityName: "Calder & Finch Consulting Ltd", line1: "3 Hardman Square", line2: "Spinningfields", city: "Manchester", postcode: "M3 3EB", country: UK },
    unitPrice: STANDARD_UNIT_PRICE,
    owner: ACCOUNT_MANAGER,
    kantataReference: "KAN-21107",
    paid: true,
    paymentSessionId: "cs_test_demo_calder_finch_0001",
    createdDaysAgo: 61,
    directors: [
      {
        reference: "DM7X3PAK",
        firstName: "Daniel",
        lastName: "Murphy",
        email: "daniel.murphy@calderfinch.example",
        status: "Complete",
        address: { line1: "48 Didsbury Park", city: "Manchester", postcode: "M20 5LH", sinceMonths: 26 },
        companiesHouseCode: "MD8T3W6KP2R",
        createdDaysAgo: 61,
      },
    ],
  },
  {
    reference: "BWT9X3HN",
    name: "Brightwater Logistics plc",
    companyId: "04682913",
    sageId: "BRIG003",
    customerCode: null,
    productTier: "Managed",
    journey: "PayByInvoice",
    status: "InProgress",
    contact: { firstName: "Martin", lastName: "Shaw", email: "martin.shaw@brightwater-logistics.example", telephone: "0117 496 0575" },
    accountsPayable: { firstName: "Jenna", lastName: "Pike", email: "accounts@brightwater-logistics.example", telephone: "0117 496 0576" },
    billing: { entityName: "Brightwater Group Holdings Ltd", line1: "Unit 7, Avonmouth Way", city: "Bristol", postcode: "BS11 9YA", country: UK },
    unitPrice: 6000,
    owner: CASE_MANAGER,
    kantataReference: "KAN-21342",
    vatNumber: "GB284719356",
    purchaseOrderInfo: "PO-77120",
    sageInvoiceNumber: "SI-004417",
    createdDaysAgo: 21,
    directors: [
      {
        reference: "RY4H8VNS",
        firstName: "Rebecca",
        lastName: "Lloyd",
        email: "rebecca.lloyd@brightwater-logistics.example",
        status: "IDVLinkExpired",
        address: { line1: "31 Redland Grove", city: "Bristol", postcode: "BS6 6PR", sinceMonths: 15 },
        createdDaysAgo: 21,
      },
      {
        reference: "GE6T2XWQ",
        firstName: "Gareth",
        lastName: "Evans",
        email: "gareth.evans@brightwater-logistics.example",
        status: "Rejected",
        address: { line1: "9 Heol y Coed", city: "Swansea", postcode: "SA2 0LT", country: UK, sinceMonths: 60 },
        createdDaysAgo: 21,
      },
      {
        reference: "AW3K9MFD",
        firstName: "Aisha",
        lastName: "Okafor",
        email: "aisha.okafor@brightwater-logistics.example",
        status: "Verified",
        address: { line1: "Flat 12, 88 Gloucester Road", city: "Bristol", postcode: "BS7 8BN", sinceMonths: 5 },
        previousAddresses: [{ line1: "26 Mill Road", city: "Cambridge", state: "Cambridgeshire", postcode: "CB1 2AD", sinceMonths: 38 }],
        createdDaysAgo: 21,
      },
      {
        reference: "CF8P5RJY",
        firstName: "Callum",
        lastName: "Fraser",
        email: "callum.fraser@brightwater-logistics.example",
        status: "AwaitingIDInfo",
        // His details are saved: the identity check is his next step.
        address: { line1: "8 Harbourside", city: "Bristol", postcode: "BS1 5TY", sinceMonths: 30 },
        createdDaysAgo: 21,
      },
      {
        reference: "HP2W7ZTE",
        firstName: "Hannah",
        lastName: "Price",
        email: "hannah.price@brightwater-logistics.example",
        status: "Complete",
        override: {
          status: "Complete",
          original: "UnderReview",
          reason: "Passport and address checked manually by the case manager after the provider check timed out.",
        },
        priceOverride: { pence: 4500, reason: "Agreed discount: director verified at a previous engagement." },
        address: { line1: "4 Bath Street", city: "Cheltenham", state: "Gloucestershire", postcode: "GL50 1YE", sinceMonths: 18 },
        companiesHouseCode: "HP5N2V8QK3W",
        createdDaysAgo: 21,
      },
    ],
  },
  {
    reference: "NPS6R2WD",
    name: "Northgate Property Services Ltd",
    companyId: "13579246",
    sageId: null,
    customerCode: null,
    productTier: "OneOff",
    journey: "PayByCard",
    status: "PaymentPending",
    contact: { firstName: "Kate", lastName: "Holloway", email: "kate.holloway@northgate-property.example", telephone: "0113 496 0914" },
    billing: { entityName: "Northgate Property Services Ltd", line1: "12 Park Square East", city: "Leeds", postcode: "LS1 2NE", country: UK },
    unitPrice: STANDARD_UNIT_PRICE,
    owner: null,
    kantataReference: null,
    paymentSessionId: "cs_test_demo_northgate_0001",
    createdDaysAgo: 1,
    directors: [
      {
        reference: "NF5W8QHA",
        firstName: "Nathan",
        lastName: "Fielding",
        email: "nathan.fielding@northgate-property.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 1,
      },
    ],
  },
  {
    reference: "MSA3T7KE",
    name: "Maple & Stone Architects LLP",
    companyId: "OC428817",
    sageId: null,
    customerCode: null,
    productTier: "Managed",
    journey: "PayByInvoice",
    status: "New",
    contact: { firstName: "Ben", lastName: "Ashworth", email: "ben.ashworth@maplestone.example", telephone: "029 2018 0457" },
    billing: { entityName: "Maple & Stone Architects LLP", line1: "Tŷ Glas, 15 Mount Stuart Square", city: "Cardiff", postcode: "CF10 5EE", country: UK },
    unitPrice: STANDARD_UNIT_PRICE,
    owner: null,
    kantataReference: null,
    purchaseOrderInfo: "Please quote MSA-PO-2291 on the invoice",
    createdDaysAgo: 0,
    directors: [
      {
        reference: "VG9D4WMP",
        firstName: "Oliver",
        lastName: "Grant",
        email: "oliver.grant@maplestone.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 0,
      },
      {
        reference: "CD6R3TKX",
        firstName: "Chloe",
        lastName: "Davies",
        email: "chloe.davies@maplestone.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 0,
      },
    ],
  },
  {
    reference: "TBD8P4VF",
    name: "Thistle Bay Distillers Ltd",
    companyId: "SC611204",
    sageId: "THIS006",
    customerCode: "LWDB-11903",
    productTier: "Managed",
    journey: "Existing",
    status: "Onboarding",
    contact: { firstName: "Isla", lastName: "Campbell", email: "isla.campbell@thistlebay.example", telephone: "0131 496 0388" },
    billing: { entityName: "Thistle Bay Distillers Ltd", line1: "7 Bernard Street", line2: "Leith", city: "Edinburgh", postcode: "EH6 6PW", country: UK },
    unitPrice: STANDARD_UNIT_PRICE,
    owner: ACCOUNT_MANAGER,
    kantataReference: null,
    vatExempt: false,
    createdDaysAgo: 2,
    directors: [
      {
        reference: "FM7B2YHC",
        firstName: "Fiona",
        lastName: "MacLeod",
        email: "fiona.macleod@thistlebay.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 2,
      },
      {
        reference: "ES4V9NJR",
        firstName: "Ewan",
        lastName: "Stewart",
        email: "ewan.stewart@thistlebay.example",
        status: "AwaitingIDInfo",
        createdDaysAgo: 2,
      },
    ],
  },
];

/** Fixed references of the demo data, for tests and documentation. */
export const demoClientReferences = demoClients.map((c) => c.reference);
export const demoDirectorReferences = demoClients.flatMap((c) => c.directors.map((d) => d.reference));

export interface SeedDemoResult {
  usersCreated: number;
  clientsCreated: number;
  directorsCreated: number;
  auditEntriesCreated: number;
  notificationsCreated: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** Seeds the demonstration data. Safe to run any number of times. */
export async function seedDemo(db: Db, options: { now?: Date } = {}): Promise<SeedDemoResult> {
  const now = options.now ?? new Date();
  // A time of day `days` ago; never in the future (early in the morning, "today at 09:00" has not
  // happened yet: it is then yesterday's), so the demo's newest rows stay behind anything new.
  const daysAgo = (days: number, hour = 10) => {
    const d = new Date(now.getTime() - days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    if (d > now) d.setTime(d.getTime() - DAY);
    return d;
  };
  const firstOfMonthAgo = (months: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
    return d.toISOString().slice(0, 10);
  };
  const dayBefore = (isoDate: string) => new Date(Date.parse(isoDate) - DAY).toISOString().slice(0, 10);

  const result: SeedDemoResult = {
    usersCreated: 0,
    clientsCreated: 0,
    directorsCreated: 0,
    auditEntriesCreated: 0,
    notificationsCreated: 0,
  };

  await db.transaction(async (tx) => {
    const createdUsers = await tx
      .insert(users)
      .values(demoStaff.map((s) => ({ email: s.email, displayName: s.displayName, type: "Admin" as const })))
      .onConflictDoNothing()
      .returning({ id: users.id });
    result.usersCreated = createdUsers.length;
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));

    for (const c of demoClients) {
      const createdAt = daysAgo(c.createdDaysAgo, 9);
      const billable = c.directors.filter((d) => !d.deleteReason);
      const [client] = await tx
        .insert(clients)
        .values({
          name: c.name,
          sageId: c.sageId,
          reference: c.reference,
          companyId: c.companyId,
          customerCode: c.customerCode,
          mainContactEmail: c.contact.email,
          mainContactFirstName: c.contact.firstName,
          mainContactLastName: c.contact.lastName,
          mainContactTelephone: c.contact.telephone,
          createdAt,
          createdBy: c.contact.email,
          updatedAt: c.status === "New" ? createdAt : daysAgo(Math.max(0, c.createdDaysAgo - 3), 15),
          updatedBy: c.status === "New" ? c.contact.email : (c.owner ?? ADMIN_EMAIL),
          unitPrice: c.unitPrice,
          standardUnitPrice: STANDARD_UNIT_PRICE,
          fullPrice: billable.reduce((sum, d) => sum + (d.priceOverride?.pence ?? c.unitPrice), 0),
          standardFullPrice: STANDARD_UNIT_PRICE * billable.length,
          inKantata: c.kantataReference !== null,
          kantataReference: c.kantataReference,
          reminderCount: c.status === "InProgress" ? 1 : 0,
          lastReminderDate: c.status === "InProgress" ? daysAgo(7, 8) : null,
          owner: c.owner,
          productTier: c.productTier,
          status: c.status,
          notes: c.notes ?? null,
          journey: c.journey,
          billingEntityName: c.billing.entityName,
          billingAddressLine1: c.billing.line1,
          billingAddressLine2: c.billing.line2 ?? null,
          billingAddressCity: c.billing.city,
          billingAddressState: c.billing.state ?? null,
          billingAddressPostCode: c.billing.postcode,
          billingAddressCountry: c.billing.country ?? UK,
          accountPayableContactFirstName: c.accountsPayable?.firstName ?? null,
          accountPayableContactLastName: c.accountsPayable?.lastName ?? null,
          accountPayableContactEmail: c.accountsPayable?.email ?? null,
          accountPayableContactTelephone: c.accountsPayable?.telephone ?? null,
          vatNumber: c.vatNumber ?? null,
          purchaseOrderInfo: c.purchaseOrderInfo ?? null,
          paymentSessionId: c.paymentSessionId ?? null,
          paymentSessionSecret: c.paymentSessionId ? `${c.paymentSessionId}_secret_demo` : null,
          vatExempt: c.vatExempt ?? false,
          paid: c.paid ?? false,
          paidAt: c.paid ? daysAgo(c.createdDaysAgo, 9) : null,
          sageInvoiceNumber: c.sageInvoiceNumber ?? null,
        })
        .onConflictDoNothing({ target: clients.reference })
        .returning({ id: clients.id });
      if (!client) continue; // already seeded: leave it and everything under it alone
      result.clientsCreated++;

      const audit: NewAuditEntry[] = [];
      const log = (
        auditType: AuditType,
        action: string,
        at: Date,
        extra: Partial<NewAuditEntry> = {},
      ) =>
        audit.push({
          auditType,
          action,
          entityType: "Client",
          entityId: String(client.id),
          clientId: client.id,
          user: "system",
          timestamp: at,
          ...extra,
        });

      log("ClientCreated", `Client ${c.name} created (${c.journey})`, createdAt, {
        user: c.contact.email,
        newValue: { name: c.name, reference: c.reference, productTier: c.productTier, journey: c.journey },
      });
      if (c.journey === "PayByCard") {
        log("PaymentSessionCreated", "Card payment session created", createdAt, {
          newValue: { paymentSessionId: c.paymentSessionId },
        });
        if (c.paid) {
          log("ClientPaymentSuccessful", "Card payment received", new Date(createdAt.getTime() + 4 * 60_000), {
            oldValue: { paid: false, status: "PaymentPending" },
            newValue: { paid: true, status: "New" },
          });
        }
      }
      if (c.sageInvoiceNumber) {
        log("SageError", "Invoice creation failed: accounting system unavailable (will retry)", daysAgo(c.createdDaysAgo, 11), {
          newValue: { error: "503 Service Unavailable", attempt: 1 },
        });
        log("SageSuccess", `Invoice ${c.sageInvoiceNumber} raised`, daysAgo(c.createdDaysAgo, 12), {
          newValue: { sageInvoiceNumber: c.sageInvoiceNumber },
        });
      }
      if (c.status !== "New" && c.status !== "PaymentPending") {
        log("ClientModified", "Status changed", daysAgo(Math.max(0, c.createdDaysAgo - 2), 14), {
          user: c.owner ?? ADMIN_EMAIL,
          oldValue: { status: "New" },
          newValue: { status: c.status === "Onboarding" ? "Onboarding" : "InProgress" },
        });
      }
      if (c.status === "Completed") {
        log("ClientModified", "Status changed: every individual complete", daysAgo(Math.max(0, c.createdDaysAgo - 10), 16), {
          oldValue: { status: "InProgress" },
          newValue: { status: "Completed" },
        });
      }

      for (const d of c.directors) {
        const row = buildDirector(c, d, client.id, { now, daysAgo, firstOfMonthAgo });
        const [director] = await tx.insert(directors).values(row).returning({ id: directors.id });
        if (!director) throw new Error(`Could not insert demo director ${d.reference}`);
        if (row.companiesHouseCode) {
          // Personal codes are stored encrypted, bound to the director's id (known only now).
          const sealed = encryptPersonalCode(row.companiesHouseCode, director.id, personalCodeKeysFrom(getEnv()));
          await tx.update(directors).set({ companiesHouseCode: sealed }).where(eq(directors.id, director.id));
        }
        result.directorsCreated++;
        const directorAudit = (auditType: AuditType, action: string, at: Date, extra: Partial<NewAuditEntry> = {}) =>
          log(auditType, action, at, {
            entityType: "Director",
            entityId: String(director.id),
            directorId: director.id,
            ...extra,
          });

        directorAudit("DirectorCreated", `Director ${row.name} added`, row.createdAt as Date, {
          user: c.contact.email,
          newValue: { name: row.name, email: row.email },
        });
        directorAudit("Email", `Sign-in invitation sent to ${row.email}`, row.createdAt as Date);

        // Address history: current address, then earlier ones back to 12 months or more.
        if (d.address) {
          const history = [d.address, ...(d.previousAddresses ?? [])];
          await tx.insert(directorAddresses).values(
            history.map((a, i) => ({
              directorId: director.id,
              addressLine1: a.line1,
              addressLine2: a.line2 ?? null,
              addressLine3: null,
              city: a.city,
              state: a.state ?? null,
              postcode: a.postcode,
              country: a.country ?? UK,
              startDate: firstOfMonthAgo(a.sinceMonths),
              endDate: i === 0 ? null : dayBefore(firstOfMonthAgo(history[i - 1]!.sinceMonths)),
            })),
          );
        }

        const checked = d.override?.original ?? d.status;
        if (row.sessionID) {
          directorAudit("YotiLinkClicked", "Opened the identity-check link", daysAgo(Math.max(0, d.createdDaysAgo - 2), 19), {
            user: row.email,
          });
        }
        if (checked === "IDVLinkExpired") {
          directorAudit("YotiError", "Identity-check session expired before it was completed", daysAgo(Math.max(0, d.createdDaysAgo - 9), 3), {
            newValue: { sessionID: row.sessionID, state: "EXPIRED" },
          });
        }
        if (hasCheckResults(checked)) {
          const reject = checked === "Rejected";
          const checkAt = daysAgo(Math.max(0, d.createdDaysAgo - 2), 20);
          const checkKinds = ["ID_DOCUMENT_AUTHENTICITY", "ID_DOCUMENT_FACE_MATCH", "LIVENESS"] as const;
          await tx.insert(directorChecks).values(
            checkKinds.map((type) => ({
              directorId: director.id,
              yotiCheckId: fakeUuid(`${d.reference}:check:${type}`),
              type,
              state: "DONE",
              recommendation: reject && type === "ID_DOCUMENT_AUTHENTICITY" ? "REJECT" : "APPROVE",
              created: checkAt,
              lastUpdated: new Date(checkAt.getTime() + 90_000),
            })),
          );
          await tx.insert(directorMedia).values([
            {
              directorId: director.id,
              yotiMediaId: fakeUuid(`${d.reference}:media:json`),
              type: "JSON",
              path: `/sessions/${row.sessionID}/media/${fakeUuid(`${d.reference}:media:json`)}/content`,
              jsonContent: {
                document_type: "PASSPORT",
                issuing_country: "GBR",
                full_name: row.name,
                given_names: d.firstName,
                family_name: d.lastName,
                expiration_date: `${now.getUTCFullYear() + 6}-03-14`,
              },
              created: checkAt,
              lastUpdated: checkAt,
            },
            {
              directorId: director.id,
              yotiMediaId: fakeUuid(`${d.reference}:media:image`),
              type: "IMAGE",
              path: `/sessions/${row.sessionID}/media/${fakeUuid(`${d.reference}:media:image`)}/content`,
              jsonContent: null,
              created: checkAt,
              lastUpdated: checkAt,
            },
          ]);
          directorAudit(
            reject ? "YotiError" : "YotiCompleted",
            reject ? "Identity check failed: document authenticity rejected" : "Identity check completed",
            new Date(checkAt.getTime() + 120_000),
            { newValue: { sessionID: row.sessionID, recommendation: reject ? "REJECT" : "APPROVE" } },
          );
        }
        if (d.override) {
          directorAudit("DirectorModified", "Status overridden", daysAgo(Math.max(0, d.createdDaysAgo - 6), 16), {
            user: c.owner ?? ADMIN_EMAIL,
            oldValue: { status: d.override.original, statusOverride: null },
            newValue: { status: d.override.status, statusOverride: d.override.status, statusOverrideReason: d.override.reason },
          });
        }
        if (d.priceOverride) {
          directorAudit("DirectorModified", "Price overridden", daysAgo(Math.max(0, d.createdDaysAgo - 1), 12), {
            user: c.owner ?? ADMIN_EMAIL,
            oldValue: { priceOverride: null },
            newValue: { priceOverride: d.priceOverride.pence, priceOverrideReason: d.priceOverride.reason },
          });
        }
        if (d.deleteReason) {
          directorAudit("DirectorDeleted", `Director ${row.name} deleted`, row.deletedAt as Date, {
            user: c.owner ?? ADMIN_EMAIL,
            oldValue: { isDeleted: false },
            newValue: { isDeleted: true, deleteReason: d.deleteReason },
          });
        }
        if (d.status === "AwaitingIDInfo" && c.status === "InProgress" && !d.deleteReason) {
          directorAudit("EmailError", `Reminder to ${row.email} was deferred by the mail server (will retry)`, daysAgo(7, 8), {
            newValue: { smtp: "451 4.7.1 Try again later" },
          });
        }

        const note = notificationFor(c, d);
        if (note) {
          const inserted = await tx
            .insert(notifications)
            .values({
              message: note.message,
              clientId: client.id,
              directorId: director.id,
              createdAt: daysAgo(Math.max(0, d.createdDaysAgo - 2), 21),
              read: note.read,
              readBy: note.read ? CASE_MANAGER : null,
              readAt: note.read ? daysAgo(Math.max(0, d.createdDaysAgo - 3), 9) : null,
              recipient: null,
              link: `/administration/client-management/${client.id}`,
              dedupeKey: `demo:${d.reference}`,
            })
            .onConflictDoNothing()
            .returning({ id: notifications.id });
          result.notificationsCreated += inserted.length;
          if (inserted.length) {
            directorAudit("Notification", note.message, daysAgo(Math.max(0, d.createdDaysAgo - 2), 21));
          }
        }
      }

      if (c.status === "New" || c.status === "Onboarding") {
        const inserted = await tx
          .insert(notifications)
          .values({
            message: `New onboarding request from ${c.name} (${c.productTier === "Managed" ? "managed" : "one-off"}, ${c.directors.length} individual${c.directors.length === 1 ? "" : "s"}).`,
            clientId: client.id,
            createdAt,
            recipient: c.status === "Onboarding" && admin ? admin.id : null,
            link: `/administration/client-management/${client.id}`,
            dedupeKey: `demo:${c.reference}`,
          })
          .onConflictDoNothing()
          .returning({ id: notifications.id });
        result.notificationsCreated += inserted.length;
      }

      if (audit.length) {
        await tx.insert(auditEntries).values(audit);
        result.auditEntriesCreated += audit.length;
      }
    }
  });
  // Existing customers the Existing journey can prefill from.
  await seedLwdbDemo(db);

  return result;
}

function hasCheckResults(status: DirectorStatus) {
  return ["UnderReview", "Verified", "AwaitingAuthCode", "Complete", "Rejected", "OutstandingIDInfo"].includes(status);
}

function notificationFor(c: DemoClient, d: DemoDirector): { message: string; read: boolean } | null {
  const who = `${d.firstName} ${d.lastName} (${c.name})`;
  switch (d.override?.original ?? d.status) {
    case "UnderReview":
      return { message: `${who} completed the identity check; the result needs review.`, read: Boolean(d.override) };
    case "Rejected":
      return { message: `${who}: identity verification was rejected.`, read: false };
    case "IDVLinkExpired":
      return { message: `${who}: the identity-check link expired before it was used.`, read: false };
    case "OutstandingIDInfo":
      return { message: `${who}: evidence of a change of name is outstanding.`, read: true };
    case "Complete":
      return { message: `${who} entered the Companies House personal code.`, read: true };
    default:
      return null;
  }
}

function buildDirector(
  c: DemoClient,
  d: DemoDirector,
  clientId: number,
  t: { now: Date; daysAgo: (days: number, hour?: number) => Date; firstOfMonthAgo: (months: number) => string },
): NewDirector & { createdAt: Date } {
  const createdAt = t.daysAgo(d.createdDaysAgo, 9);
  const checked = d.override?.original ?? d.status;
  const started = checked !== "AwaitingIDInfo";
  const completed = ["Verified", "AwaitingAuthCode", "Complete", "Rejected"].includes(d.status);
  const reported = ["Verified", "AwaitingAuthCode", "Complete"].includes(d.status);
  const sessionID = started ? fakeUuid(`${d.reference}:session`) : null;
  const sessionToken = started ? fakeUuid(`${d.reference}:token`) : null;
  const sessionExpiry = !started
    ? null
    : checked === "IDVLinkExpired"
      ? t.daysAgo(Math.max(0, d.createdDaysAgo - 9), 3)
      : t.daysAgo(Math.max(0, d.createdDaysAgo - 9), 9);
  const deletedAt = d.deleteReason ? t.daysAgo(Math.max(0, d.createdDaysAgo - 3), 11) : null;
  return {
    clientId,
    name: `${d.firstName} ${d.lastName}`,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    reference: d.reference,
    currentAddressStartDate: d.address ? t.firstOfMonthAgo(d.address.sinceMonths) : null,
    addressLine1: d.address?.line1 ?? null,
    addressLine2: d.address?.line2 ?? null,
    addressLine3: null,
    city: d.address?.city ?? null,
    state: d.address?.state ?? null,
    postcode: d.address?.postcode ?? null,
    country: d.address ? (d.address.country ?? UK) : null,
    sessionID,
    sessionToken,
    sessionUrl: started ? `https://api.yoti.com/idverify/v1/web/index.html?sessionID=${sessionID}&sessionToken=${sessionToken}` : null,
    sessionExpiry,
    createdAt,
    createdBy: c.contact.email,
    updatedAt: deletedAt ?? (started ? t.daysAgo(Math.max(0, d.createdDaysAgo - 2), 20) : createdAt),
    updatedBy: d.deleteReason || d.override ? (c.owner ?? ADMIN_EMAIL) : started ? "system" : c.contact.email,
    dateToCompaniesHouse: reported ? t.daysAgo(Math.max(0, d.createdDaysAgo - 4)).toISOString().slice(0, 10) : null,
    statusOverride: d.override?.status ?? null,
    statusOverrideReason: d.override?.reason ?? null,
    statusOriginal: d.override?.original ?? null,
    status: d.status,
    formerNames: d.formerNames ?? [],
    formerNameHistory: (d.formerNames ?? []).map((name) => ({ name, from: null, to: t.daysAgo(365 * 3).toISOString().slice(0, 10) })),
    idvNumber: completed && d.status !== "Rejected" ? `IDV-${d.reference}` : null,
    companiesHouseCode: d.companiesHouseCode ?? null,
    companiesHouseCodeReceivedAt: d.companiesHouseCode ? t.daysAgo(Math.max(0, d.createdDaysAgo - 8), 13) : null,
    reminderCount: d.status === "AwaitingIDInfo" && c.status === "InProgress" ? 2 : 0,
    lastReminderDate: d.status === "AwaitingIDInfo" && c.status === "InProgress" ? t.daysAgo(7, 8) : null,
    idvReminderCount: checked === "IDVLinkExpired" ? 1 : 0,
    lastIDVReminderDate: checked === "IDVLinkExpired" ? t.daysAgo(Math.max(0, d.createdDaysAgo - 6), 8) : null,
    yotiLinkClicked: started,
    verificationCompletedAt: completed ? t.daysAgo(Math.max(0, d.createdDaysAgo - 2), 20) : null,
    invitedAt: c.status === "PaymentPending" ? null : createdAt,
    evidenceOutstanding: checked === "OutstandingIDInfo" ? (d.evidenceOutstanding ?? evidenceNeeded({ status: checked, formerNames: d.formerNames ?? [] })) : [],
    checkPassedAt: ["Verified", "AwaitingAuthCode", "Complete"].includes(checked) ? t.daysAgo(Math.max(0, d.createdDaysAgo - 2), 20) : null,
    isDeleted: Boolean(d.deleteReason),
    deleteReason: d.deleteReason ?? null,
    deletedAt,
    deletedBy: d.deleteReason ? (c.owner ?? ADMIN_EMAIL) : null,
    priceOverride: d.priceOverride?.pence ?? null,
    priceOverrideReason: d.priceOverride?.reason ?? null,
  };
}

/** A stable, UUID-shaped identifier derived from a seed string (provider ids in the demo data). */
function fakeUuid(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
