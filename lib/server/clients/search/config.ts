/**
 * The admin search's thresholds, each with the reason for its value. The server function always
 * uses SEARCH_THRESHOLDS; tests reach the other side of each threshold by calling runSearch
 * (./run.ts) with other values, never through searchClients' parameters. How the figures behind
 * them were measured: docs/speed.md "How the admin search stays fast".
 */
export interface SearchThresholds {
  /** Rows skipped from which a page is read from the nearer end of the result. */
  deepOffset: number;
  /** Matches under which a page is read from its matches rather than walked in sort order. */
  fewMatches: number;
  /** How dense a text search's matches must be for its page to be walked down a director column's index. */
  walkFactor: number;
}

export const SEARCH_THRESHOLDS: Readonly<SearchThresholds> = {
  /*
   * A deep page costs one more round trip (the counts first, to know the total) before it can be
   * read from the nearer end. Before 1,000 rows skipped, an index walk from the start reads those
   * rows from the index alone and is cheaper than the round trip; beyond it, the skipped rows
   * dominate and reading the last half backwards halves them at worst.
   */
  deepOffset: 1_000,
  /*
   * Walking the sort index reads about population ÷ matches rows for each row it keeps: short for
   * a dense match, long for a rare one, whose matches may lie anywhere in the order. Reading the
   * matches' ids and sorting them costs in proportion to the matches, so under this many (counted
   * first) that is the bounded choice, and above it the matches are dense enough for the walk.
   */
  fewMatches: 2_000,
  /*
   * A text search's page is walked in order when (rows skipped + page size) × population ≤
   * walkFactor × matches²: the walk reads about population ÷ matches rows for each row it keeps,
   * each at about a quarter of the cost of a match read and sorted.
   */
  walkFactor: 4,
};

/**
 * The longest individual reference fragment whose counts search_counts keeps (every fragment of
 * one to three characters: reference_grams in db/search/02-derived.sql). Not a tuning knob: it is
 * what the table holds, so it changes only with that function.
 */
export const KEPT_FRAGMENT_LENGTH = 3;
