import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directorAdditions, directors } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { todayInUk } from "@/lib/domain/address-history";
import { personDeadline } from "@/lib/domain/verify-by";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/server/app-error";
import { readPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { ownLiveClient } from "@/lib/server/own-record";
import { statusStatsOf } from "./get-client";
import { log } from "@/lib/log";

/** A director's personal code in clear, or null when there is none or no configured key reads it (never a 500 for one bad row). */
function personalCodeOf(director: { id: number; companiesHouseCode: string | null }): string | null {
  try {
    return readPersonalCode(director);
  } catch (e) {
    log.warn({ directorId: director.id }, `[company] personal code of director ${director.id} could not be read: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/**
 * The company of a signed-in company contact, with its individuals (not deleted), the derived
 * `directorCount` and `statusStats`, the batches of added individuals still waiting for a card
 * payment (`pendingAdditions`, whose individuals are marked `awaitingPayment`), and what adding
 * individuals costs (`additionPricing`: the client's own unit price, the VAT rate). Scoped by the
 * caller's own client id, so a contact can never read another company. For a `Managed` client each
 * `Complete` individual's Companies House personal code is given in clear (`personalCode`):
 * returning the codes together is that service. Each individual still to be verified has their
 * `verifyBy` deadline (lib/domain/verify-by.ts: the company's requested date, its next confirmation
 * statement, or their appointment; null when none binds them or they are finished).
 *
 * Never the retry credential of a card payment, the staff notes or the assigned staff member.
 */
export async function getOwnCompany({ db, user, now = new Date() }: { db: DbOrTx; user: Principal; now?: Date }) {
  const client = await db.query.clients.findFirst({
    where: ownLiveClient(user, "company.read"),
    columns: { paymentSessionSecret: false, notes: false, owner: false, idempotencyKey: false, priorityAt: false },
    with: {
      directors: {
        where: eq(directors.isDeleted, false),
        orderBy: [asc(directors.name), asc(directors.id)],
        // Never an individual's reference: it is their sign-in factor, and only they are sent it.
        columns: {
          id: true,
          name: true,
          email: true,
          pendingEmail: true,
          status: true,
          invitedAt: true,
          isDeleted: true,
          createdAt: true,
          companiesHouseCode: true,
          registerRole: true,
          registerAppointedOn: true,
          registerBirthMonth: true,
        },
      },
    },
  });
  if (!client) throw new AppError("not_found");
  const pending = await db
    .select({ id: directorAdditions.id, directorIds: directorAdditions.directorIds, individuals: directorAdditions.individuals, amountDue: directorAdditions.amountDue })
    .from(directorAdditions)
    .where(and(eq(directorAdditions.clientId, client.id), eq(directorAdditions.journey, "PayByCard"), isNull(directorAdditions.paidAt)))
    .orderBy(asc(directorAdditions.id));
  const awaiting = new Set(pending.flatMap((p) => p.directorIds));
  const env = getEnv();
  const unitPrice = client.unitPrice ?? env.DIRECTOR_PRICE_PENCE;
  const today = todayInUk(now);
  return {
    ...client,
    directors: client.directors.map(({ isDeleted: _deleted, companiesHouseCode: _code, registerRole, registerAppointedOn, registerBirthMonth, ...d }) => ({
      ...d,
      verifyBy: personDeadline(
        d,
        { requested: client.verifyBy, confirmationStatementDue: client.confirmationStatementDue, role: registerRole, appointedOn: registerAppointedOn, birthMonth: registerBirthMonth },
        today,
      ),
      awaitingPayment: awaiting.has(d.id),
      personalCode: client.productTier === "Managed" && d.status === "Complete" ? personalCodeOf({ id: d.id, companiesHouseCode: _code }) : null,
    })),
    directorCount: client.directors.length,
    statusStats: statusStatsOf(client.directors),
    pendingAdditions: pending.map(({ directorIds: _ids, ...p }) => p),
    additionPricing: { unitPrice, standardUnitPrice: client.standardUnitPrice ?? unitPrice, vatRatePercent: env.VAT_RATE_PERCENT, vatExempt: client.vatExempt },
  };
}

export type OwnCompany = Awaited<ReturnType<typeof getOwnCompany>>;
export type OwnCompanyDirector = OwnCompany["directors"][number];
