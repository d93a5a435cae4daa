import "server-only";
import type { Db } from "@/db";
import { directors } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { directorStateOf, shownStatus, hasDirectorMove } from "@/lib/domain/director-lifecycle";
import { AppError } from "@/lib/server/app-error";
import { ownLiveDirector } from "@/lib/server/own-record";
import { findPriorVerification } from "./person-prior-verification";

/** What the signed-in individual is offered: the company and day of their earlier verification here. */
export interface PriorVerificationOffer {
  companyName: string;
  verifiedAt: Date;
}

/**
 * For the signed-in individual's own page (DV_Director): whether they may confirm an earlier
 * verification here instead of a second identity check (issue 20 item 5), and for which company and
 * day. Null unless the status machine has the move from their status and they are invited, and
 * the same person holds a completed verification of another client.
 */
export async function getOwnPriorVerification({ db, user }: { db: Db; user: Principal }): Promise<PriorVerificationOffer | null> {
  const [director] = await db.select().from(directors).where(ownLiveDirector(user, "director.self.read"));
  if (!director) throw new AppError("not_found");
  if (director.invitedAt === null || !hasDirectorMove("priorVerificationConfirmed", shownStatus(directorStateOf(director)))) return null;
  const prior = await findPriorVerification(db, director);
  return prior ? { companyName: prior.clientName, verifiedAt: prior.verifiedAt } : null;
}
