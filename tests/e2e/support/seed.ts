import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { openDatabase, type Db } from "../../../db/client";
import { directors, type NewClient, type NewDirector } from "../../../db/schema";
import { encryptPersonalCode, personalCodeKeysFrom } from "../../../lib/crypto/personal-code";
import { MAX_IDV_ATTEMPTS } from "../../../lib/domain/director-lifecycle";
import { evidenceNeeded } from "../../../lib/domain/evidence-needed";
import type { EvidenceKind } from "../../../lib/domain/values";
import { getEnv } from "../../../lib/env";
import { insertAddress, insertCheck, insertClientWithDirectors, insertMedia, uniqueTag } from "../../support/factories";

/*
 * Data of a spec's own, made straight in the end-to-end run's database with the test factories
 * (as Documenso's seedUser() and seedBlankDocument()): a company, its contact and its individuals,
 * each individual in the state the spec starts from. A spec that changes something changes only
 * what it made, so the demo data stays as seeded (the global teardown checks it) and specs run in
 * any order, side by side.
 *
 * The database is the one the global set-up made for the run (E2E_DATABASE_URL): PostgreSQL only,
 * as the embedded database cannot be opened by a second process while the portal has it open.
 */

/** Where an individual stands, as the demo data's individuals do (db/seed/demo.ts). */
export type IndividualState =
  /** Invited, nothing given yet. */
  | "NotStarted"
  /** Details and an address of more than 12 months given: the identity check is the next step. */
  | "DetailsGiven"
  | "IDVLinkExpired"
  | "UnderReview"
  | "OutstandingIDInfo"
  | "Verified"
  | "AwaitingAuthCode"
  | "Complete"
  | "Rejected";

export interface IndividualSpec {
  state?: IndividualState;
  firstName?: string;
  /** The tag that makes the run's names unique is added after it ("Tate 3fa9c1d2e0"). */
  lastName?: string;
  formerNames?: string[];
  /** OutstandingIDInfo: the evidence a review asked for (default: what the record implies). */
  evidenceOutstanding?: EvidenceKind[];
  /** Complete: the Companies House personal code (stored encrypted, as the portal stores it). */
  personalCode?: string;
  /** Deleted (soft), with this reason. */
  deleted?: string;
  /** Any other column. */
  columns?: Partial<Omit<NewDirector, "clientId">>;
}

/** What signing in takes: the email and the reference typed at /login. */
export interface Person {
  email: string;
  reference: string;
}

export interface SeededIndividual extends Person {
  id: number;
  clientId: number;
  name: string;
  firstName: string;
  lastName: string;
}

export interface SeededCompany {
  id: number;
  name: string;
  reference: string;
  /** The main contact: signs in with the client's reference. */
  contact: Person & { company: string };
  individuals: SeededIndividual[];
}

const DAY = 24 * 60 * 60 * 1000;
const started = (s: IndividualState) => s !== "NotStarted" && s !== "DetailsGiven";
const checked = (s: IndividualState) => ["UnderReview", "OutstandingIDInfo", "Verified", "AwaitingAuthCode", "Complete", "Rejected"].includes(s);
const passed = (s: IndividualState) => ["Verified", "AwaitingAuthCode", "Complete"].includes(s);

/** An ISO date `days` ago. */
function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
}

/** A mailbox-safe piece of an email address. */
function local(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ".").replace(/^\.|\.$/g, "");
}

/** The director's columns for a state (the demo seed's buildDirector, for one individual). */
function directorColumns(spec: IndividualSpec, n: number, tag: string, invited: boolean): Partial<Omit<NewDirector, "clientId">> {
  const state = spec.state ?? "NotStarted";
  const firstName = spec.firstName ?? "Individual";
  const lastName = `${spec.lastName ?? String(n + 1)} ${tag}`;
  const now = Date.now();
  const sessionID = started(state) ? randomUUID() : null;
  const sessionToken = started(state) ? randomUUID() : null;
  const formerNames = spec.formerNames ?? [];
  const address = state !== "NotStarted";
  return {
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email: `${local(firstName)}.${local(lastName)}@seed-e2e.example`,
    status: state === "NotStarted" || state === "DetailsGiven" ? "AwaitingIDInfo" : state,
    invitedAt: invited ? new Date(now - 2 * DAY) : null,
    createdAt: new Date(now - 3 * DAY),
    ...(address
      ? { addressLine1: "1 Seed Street", city: "Leeds", postcode: "LS1 4AP", country: "GB", currentAddressStartDate: isoDaysAgo(3 * 365) }
      : {}),
    sessionID,
    sessionToken,
    sessionUrl: sessionID ? `https://api.yoti.com/idverify/v1/web/index.html?sessionID=${sessionID}&sessionToken=${sessionToken}` : null,
    // The link of a started check has run out (the demo's individuals' have too).
    sessionExpiry: sessionID ? new Date(now - DAY) : null,
    yotiLinkClicked: started(state),
    formerNames,
    formerNameHistory: formerNames.map((name) => ({ name, from: null, to: isoDaysAgo(3 * 365) })),
    evidenceOutstanding: state === "OutstandingIDInfo" ? (spec.evidenceOutstanding ?? evidenceNeeded({ status: state, formerNames })) : [],
    verificationCompletedAt: passed(state) || state === "Rejected" ? new Date(now - DAY) : null,
    checkPassedAt: passed(state) ? new Date(now - DAY) : null,
    idvNumber: passed(state) ? `IDV-${tag}-${n + 1}` : null,
    dateToCompaniesHouse: passed(state) ? isoDaysAgo(1) : null,
    idvFailedAttempts: state === "Rejected" ? MAX_IDV_ATTEMPTS : 0,
    companiesHouseCodeReceivedAt: state === "Complete" ? new Date(now - DAY) : null,
    ...(spec.deleted ? { isDeleted: true, deleteReason: spec.deleted, deletedAt: new Date(now - DAY), deletedBy: "admin@portal.example" } : {}),
    ...spec.columns,
  };
}

/** Runs `fn` in one transaction of the run's database. */
async function inSeedTransaction<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) {
    throw new Error(
      "E2E_DATABASE_URL is not set: a spec that makes its own data needs the PostgreSQL database of the end-to-end run (the global set-up sets it; the embedded database cannot be shared)",
    );
  }
  const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
  try {
    return await handle.db.transaction((tx) => fn(tx as unknown as Db));
  } finally {
    await handle.close();
  }
}

/**
 * A company of the spec's own: in progress, Managed, paying by invoice unless `client` says
 * otherwise, with one individual per entry of `individuals` (a state, or a fuller description).
 * Answers what the spec needs to sign in as its contact or as each individual.
 */
export async function seedCompany(options: { name?: string; client?: Partial<NewClient>; individuals?: (IndividualState | IndividualSpec)[] } = {}): Promise<SeededCompany> {
  const tag = uniqueTag();
  const name = `${options.name ?? "Seeded"} ${tag} Ltd`;
  const specs = (options.individuals ?? []).map((i) => (typeof i === "string" ? { state: i } : i));
  const invited = options.client?.status !== "PaymentPending";
  return inSeedTransaction(async (db) => {
    const { client, directors: rows } = await insertClientWithDirectors(db, {
      client: {
        name,
        status: "InProgress",
        productTier: "Managed",
        journey: "PayByInvoice",
        mainContactEmail: `contact.${tag}@seed-e2e.example`,
        mainContactFirstName: "Casey",
        mainContactLastName: `Contact ${tag}`,
        mainContactTelephone: "020 7946 0123",
        createdBy: `contact.${tag}@seed-e2e.example`,
        billingEntityName: name,
        billingAddressLine1: "2 Seed Street",
        billingAddressCity: "Leeds",
        billingAddressPostCode: "LS1 4AP",
        billingAddressCountry: "GB",
        accountPayableContactFirstName: "Ada",
        accountPayableContactLastName: "Payable",
        accountPayableContactEmail: `accounts.${tag}@seed-e2e.example`,
        vatNumber: "GB123456789",
        createdAt: new Date(Date.now() - 3 * DAY),
        ...options.client,
      },
      directors: specs.map((spec, n) => directorColumns(spec, n, tag, invited)),
    });
    const keys = personalCodeKeysFrom(getEnv());
    for (const [i, row] of rows.entries()) {
      const spec = specs[i]!;
      const state = spec.state ?? "NotStarted";
      if (state !== "NotStarted") {
        await insertAddress(db, { directorId: row.id, addressLine1: row.addressLine1!, city: row.city!, postcode: row.postcode!, country: row.country!, startDate: row.currentAddressStartDate! });
      }
      if (checked(state)) {
        const at = new Date(Date.now() - DAY);
        const reject = state === "Rejected";
        for (const type of ["ID_DOCUMENT_AUTHENTICITY", "ID_DOCUMENT_FACE_MATCH", "LIVENESS"]) {
          await insertCheck(db, { directorId: row.id, type, recommendation: reject && type === "ID_DOCUMENT_AUTHENTICITY" ? "REJECT" : "APPROVE", created: at, lastUpdated: at });
        }
        await insertMedia(db, {
          directorId: row.id,
          jsonContent: { document_type: "PASSPORT", issuing_country: "GBR", full_name: row.name, given_names: row.firstName, family_name: row.lastName },
          created: at,
          lastUpdated: at,
        });
      }
      if (state === "Complete") {
        const code = spec.personalCode ?? `PC${tag.toUpperCase().slice(0, 8)}${i}`.slice(0, 11).padEnd(11, "7");
        await db.update(directors).set({ companiesHouseCode: encryptPersonalCode(code, row.id, keys) }).where(eq(directors.id, row.id));
      }
    }
    return {
      id: client.id,
      name: client.name,
      reference: client.reference,
      contact: { email: client.mainContactEmail, reference: client.reference, company: client.name },
      individuals: rows.map((r) => ({ id: r.id, clientId: r.clientId, name: r.name, firstName: r.firstName!, lastName: r.lastName!, email: r.email, reference: r.reference })),
    };
  });
}

/** One individual in `state`, of a company of its own; answers the individual and the company. */
export async function seedIndividual(state: IndividualState, spec: Omit<IndividualSpec, "state"> = {}, client: Partial<NewClient> = {}): Promise<SeededIndividual & { company: SeededCompany }> {
  const company = await seedCompany({ client, individuals: [{ ...spec, state }] });
  return { ...company.individuals[0]!, company };
}
