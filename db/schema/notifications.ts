import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { identity, timestamptz } from "./columns";
import { directors } from "./directors";
import { users } from "./users";

/**
 * A notification for admins (docs/domain.md "Notification"). The spec's `timestamp` is `createdAt`;
 * `isMine` is computed for the reader (recipient is the reader, or null = every admin).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: identity(),
    message: text().notNull(),
    clientId: integer().references(() => clients.id, { onDelete: "set null" }),
    directorId: integer().references(() => directors.id, { onDelete: "set null" }),
    createdAt: timestamptz().notNull().defaultNow(),
    read: boolean().notNull().default(false),
    readBy: text(),
    readAt: timestamptz(),
    /** The user the notification is for; null = all admins. */
    recipient: integer().references(() => users.id, { onDelete: "cascade" }),
    /** Path inside the portal to open, e.g. /administration/client-management/12. */
    link: text(),
    /** Set by idempotent producers (jobs) so a retried job does not notify twice. */
    dedupeKey: text(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_key_key").on(t.dedupeKey),
    index("notifications_read_created_at_idx").on(t.read, t.createdAt),
    index("notifications_recipient_idx").on(t.recipient),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
