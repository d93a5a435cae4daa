import { relations } from "drizzle-orm";
import { auditEntries } from "./audit";
import { sessions, signInTokens } from "./auth";
import { clients } from "./clients";
import { directorAddresses, directorChecks, directorFiles, directorMedia, directors } from "./directors";
import { notifications } from "./notifications";
import { users } from "./users";

/*
 * Relations for the relational query API (`db.query.clients.findFirst({ with: { directors: true } })`).
 * Relation names follow the specification's field names where it has one.
 */

export const clientsRelations = relations(clients, ({ many }) => ({
  directors: many(directors),
  notifications: many(notifications),
  auditEntries: many(auditEntries),
}));

export const directorsRelations = relations(directors, ({ one, many }) => ({
  /** Source of the spec's clientName, clientSageId and clientProductTier. */
  client: one(clients, { fields: [directors.clientId], references: [clients.id] }),
  directorChecks: many(directorChecks),
  directorMedias: many(directorMedia),
  directorAddresses: many(directorAddresses),
  /** All files; the spec's directorNameFiles / directorAddressFiles are this, filtered by fileType. */
  directorFiles: many(directorFiles),
  notifications: many(notifications),
  auditEntries: many(auditEntries),
}));

export const directorChecksRelations = relations(directorChecks, ({ one }) => ({
  director: one(directors, { fields: [directorChecks.directorId], references: [directors.id] }),
}));

export const directorMediaRelations = relations(directorMedia, ({ one }) => ({
  director: one(directors, { fields: [directorMedia.directorId], references: [directors.id] }),
}));

export const directorAddressesRelations = relations(directorAddresses, ({ one }) => ({
  director: one(directors, { fields: [directorAddresses.directorId], references: [directors.id] }),
}));

export const directorFilesRelations = relations(directorFiles, ({ one }) => ({
  director: one(directors, { fields: [directorFiles.directorId], references: [directors.id] }),
}));

export const auditEntriesRelations = relations(auditEntries, ({ one }) => ({
  client: one(clients, { fields: [auditEntries.clientId], references: [clients.id] }),
  director: one(directors, { fields: [auditEntries.directorId], references: [directors.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  client: one(clients, { fields: [notifications.clientId], references: [clients.id] }),
  director: one(directors, { fields: [notifications.directorId], references: [directors.id] }),
  recipientUser: one(users, { fields: [notifications.recipient], references: [users.id] }),
}));

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  notifications: many(notifications),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  client: one(clients, { fields: [sessions.clientId], references: [clients.id] }),
  director: one(directors, { fields: [sessions.directorId], references: [directors.id] }),
}));

export const signInTokensRelations = relations(signInTokens, ({ one }) => ({
  client: one(clients, { fields: [signInTokens.clientId], references: [clients.id] }),
  director: one(directors, { fields: [signInTokens.directorId], references: [directors.id] }),
}));
