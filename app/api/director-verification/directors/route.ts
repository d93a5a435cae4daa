import { z } from "zod";
import { patchOwnDirectors } from "@/lib/server/directors/patch-own-directors";
import { route } from "@/lib/route";

/**
 * JSON Patch operations on the contact's own company's individuals, by id (add `/-`, replace
 * `/{id}/name`, `/{id}/email`, `/{id}/isDeleted` with `/{id}/deleteReason`) → the company. Up to a
 * bulk add of the largest CSV file the importer accepts, hence the larger body limit.
 */
export const PATCH = route({ auth: "user", action: "company.update", body: z.unknown(), maxBytes: 2 * 1024 * 1024 }, ({ db, user, body, meta }) =>
  patchOwnDirectors({ db, user, operations: body, meta }),
);
