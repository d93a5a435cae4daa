import { index, pgTable, text } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";

/** A message sent through the /contact form (docs/domain.md "New enquiry"). */
export const enquiries = pgTable(
  "enquiries",
  {
    id: identity(),
    name: text().notNull(),
    email: text().notNull(),
    description: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index("enquiries_created_at_idx").on(t.createdAt)],
);

export type Enquiry = typeof enquiries.$inferSelect;
export type NewEnquiry = typeof enquiries.$inferInsert;
