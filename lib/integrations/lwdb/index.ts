import type { DbOrTx } from "@/db/client";
import { tableLwdb } from "./table";
import type { LwdbSource } from "./types";

export type { LwdbRecord, LwdbSource } from "./types";

/**
 * The source of existing customers' records. Today the built-in table; a connection to the
 * provider's system would be chosen here from configuration, like the other integrations.
 */
export function getLwdb(db: DbOrTx): LwdbSource {
  return tableLwdb(db);
}
