import { boolean, text, timestamp } from "drizzle-orm/pg-core";

/** A point in time, always stored with its time zone (UTC on the way out). */
export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });

/** createdAt / createdBy / updatedAt / updatedBy. The actor columns hold an email, or "system". */
export const changeTracking = () => ({
  createdAt: timestamptz().notNull().defaultNow(),
  createdBy: text(),
  updatedAt: timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  updatedBy: text(),
});

/** Soft delete (docs/domain.md): a record is never removed by the application, only marked, with a reason. */
export const softDelete = () => ({
  isDeleted: boolean().notNull().default(false),
  deleteReason: text(),
  deletedAt: timestamptz(),
  deletedBy: text(),
});
