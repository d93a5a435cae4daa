import type { SQL } from "drizzle-orm";
import type { PageWindow } from "@/lib/pager";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import type { Learned } from "./chooser";

/** What a view's builder gives buildSearchStatements (./statements.ts) to assemble into statements. */
export interface Built {
  /** Common table expressions the counts and the page share (the matches of a text). */
  ctes: SQL[];
  /** (value, count) rows. */
  stats: SQL;
  /** The CTE "page": ids and sort keys of the page's rows. */
  page: SQL;
  /** The page's JSON rows, read from "page". */
  rows: SQL;
}

/** A view builder's input: the request, the window of a page read from the nearer end, what was counted first. */
export interface BuildInput {
  query: ClientSearchRequest;
  window?: PageWindow;
  learned: Learned;
}
