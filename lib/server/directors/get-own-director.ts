import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/db";
import { directorAddresses } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { todayInUk } from "@/lib/domain/address-history";
import { detailsComplete, nextStep } from "@/lib/domain/director-journey";
import { personDeadline } from "@/lib/domain/verify-by";
import { AppError } from "@/lib/server/app-error";
import { ownLiveDirector } from "@/lib/server/own-record";
import { maskedPersonalCode } from "./personal-code-keys";

/**
 * The signed-in director's own record, with the name of their company. Scoped by their own id.
 *
 * Never carries the provider session's token, the overrides' reasons or prices, or the personal
 * code: `companiesHouseCode` is replaced by `companiesHouseCodeMasked` (last three characters).
 * Adds where the director stands: `previousAddresses` (the history rows with an end date, oldest
 * first), `detailsComplete` and `nextStep` (lib/domain/director-journey.ts), and `verifyBy`, the
 * date they must be verified by when one binds them and they are not finished (lib/domain/verify-by.ts:
 * the earliest of their company's requested date and the law's, from the register: their company's
 * next confirmation statement, or their appointment), with the days left and whether it has passed.
 */
export async function getOwnDirector({ db, user, now = new Date() }: { db: Db; user: Principal; now?: Date }) {
  const row = await db.query.directors.findFirst({
    where: ownLiveDirector(user, "director.self.read"),
    columns: { sessionToken: false, statusOverrideReason: false, priceOverride: false, priceOverrideReason: false, statusOriginal: false },
    with: {
      client: { columns: { id: true, name: true, productTier: true, verifyBy: true, confirmationStatementDue: true } },
      directorAddresses: { orderBy: [asc(directorAddresses.startDate), asc(directorAddresses.id)] },
    },
  });
  if (!row) throw new AppError("not_found");
  const { companiesHouseCode, ...director } = row;
  const previousAddresses = director.directorAddresses.filter((a) => a.endDate !== null);
  const today = todayInUk(now);
  return {
    ...director,
    companiesHouseCodeMasked: maskedPersonalCode({ id: director.id, companiesHouseCode }),
    previousAddresses,
    detailsComplete: detailsComplete(director, previousAddresses, today),
    nextStep: nextStep(director, previousAddresses, today),
    verifyBy: personDeadline(
      director,
      {
        requested: director.client.verifyBy,
        confirmationStatementDue: director.client.confirmationStatementDue,
        role: director.registerRole,
        appointedOn: director.registerAppointedOn,
        birthMonth: director.registerBirthMonth,
      },
      today,
    ),
  };
}

export type OwnDirector = Awaited<ReturnType<typeof getOwnDirector>>;
