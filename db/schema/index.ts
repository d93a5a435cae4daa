/**
 * The whole data model. `db/client.ts` passes this module to Drizzle, and drizzle-kit reads it to
 * generate migrations, so every table, enum and relation must be exported from here.
 */
export * from "./enums";
export * from "./clients";
export * from "./directors";
export * from "./users";
export * from "./auth";
export * from "./audit";
export * from "./notifications";
export * from "./webhooks";
export * from "./enquiries";
export * from "./security";
export * from "./integrations";
export * from "./companies-house";
export * from "./lwdb";
export * from "./additions";
export * from "./operations";
export * from "./register-checks";
export * from "./relations";
