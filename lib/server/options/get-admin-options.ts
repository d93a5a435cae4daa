import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { productTierValues, users } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { countryOptions, type OptionItem } from "@/lib/countries";
import { clientStatusLifecycleOrder, directorStatusLifecycleOrder } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";

export interface AdminOptions {
  productTiers: OptionItem[];
  clientStatuses: OptionItem[];
  directorStatuses: OptionItem[];
  /** Staff a client can be assigned to: value is the email (as stored in clients.owner). */
  assignees: OptionItem[];
  countries: OptionItem[];
}

/**
 * The option lists of the admin screens (docs/domain.md "Option item"): statuses in lifecycle order,
 * other values in the order of the specification, labels from the messages (`statuses.*`); assignees are the admin users, by name.
 */
export async function getAdminOptions({ db, user }: { db: Db; user: Principal }): Promise<AdminOptions> {
  if (!can(user.type, "admin.options")) throw new AppError("forbidden");
  const t = translator();
  const staff = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.type, "Admin"))
    .orderBy(asc(sql`lower(coalesce(${users.displayName}, ${users.email}))`), asc(users.email));
  return {
    productTiers: productTierValues.map((value) => ({ value, label: t(`statuses.productTier.${value}`) })),
    clientStatuses: clientStatusLifecycleOrder.map((value) => ({ value, label: t(`statuses.client.${value}`) })),
    directorStatuses: directorStatusLifecycleOrder.map((value) => ({ value, label: t(`statuses.director.${value}`) })),
    assignees: staff.map((s) => ({ value: s.email, label: s.displayName?.trim() || s.email })),
    countries: countryOptions(),
  };
}
