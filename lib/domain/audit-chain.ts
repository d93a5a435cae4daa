import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/*
 * The audit trail's hash chains (migration 0037, docs/security.md). The audit entries form one chain
 * and the security events another. Each row carries its place in the chain (`chain_seq`), the hash
 * of the link before it (`prev_hash`) and its own hash:
 *
 *     hash = sha256_hex( prev_hash + "\n" + canonical(row) )      first link: prev_hash = 64 zeros
 *     canonical(row) = [chain, field1, field2, ...].join("|"), each field "<bytes>:<text>" or "-" (null)
 *
 * The database computes it (a trigger, as the row is inserted); this module computes it again from the
 * fields as text, independently, to verify. Retention (security events only) deletes runs of links
 * and leaves a marker for each: the run's first and last place and its last hash, signed with a
 * key derived from AUTH_SECRET, so the next link still has something to follow from.
 *
 * Pure: rows, markers and the secret are passed in (lib/server/audit/verify-audit-trail.ts reads them).
 */

export const chainNames = ["audit_entries", "security_events"] as const;
export type ChainName = (typeof chainNames)[number];

/** The previous hash of a chain's first link. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * The fields of each chain's canonical text, in order: column names, read as text exactly as the
 * SQL functions audit_entry_canonical() and security_event_canonical() read them (timestamps as UTC
 * with microseconds, jsonb in PostgreSQL's text form, enums and numbers as text).
 */
export const chainFields = {
  audit_entries: ["id", "chain_seq", "action", "audit_type", "entity_type", "entity_id", "user", "ip", "user_agent", "timestamp", "updated_at", "old_value", "new_value", "client_id", "director_id"],
  security_events: ["id", "chain_seq", "event", "actor", "user_type", "ip", "user_agent", "timestamp", "detail"],
} as const satisfies Record<ChainName, readonly string[]>;

/** The timestamp columns, written as UTC with microseconds (to_char format of migration 0037). */
export const chainTimestampFields: ReadonlySet<string> = new Set(["timestamp", "updated_at"]);

export type ChainFieldValues = Readonly<Record<string, string | null>>;

function field(value: string | null): string {
  return value === null ? "-" : `${Buffer.byteLength(value, "utf8")}:${value}`;
}

/** The canonical text of one row of `chain`, from its fields as text. */
export function canonicalText(chain: ChainName, values: ChainFieldValues): string {
  return [chain, ...chainFields[chain].map((name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`canonicalText: the field ${name} of ${chain} is missing`);
    return field(value);
  })].join("|");
}

/** A link's hash: over the previous link's hash and the row's canonical text. */
export function linkHash(prevHash: string, canonical: string): string {
  return createHash("sha256").update(`${prevHash}\n${canonical}`, "utf8").digest("hex");
}

/** A retention marker: a run of consecutive links deleted from a chain. */
export interface RetentionMarker {
  id: number;
  chain: string;
  firstSeq: number;
  lastSeq: number;
  /** The hash of the run's last link: the next link's `prev_hash`. */
  lastHash: string;
  rowsDeleted: number;
  createdAt: Date;
  signature: string;
}

export type UnsignedMarker = Omit<RetentionMarker, "id" | "signature">;

/** The markers' signing key: derived from AUTH_SECRET, so the secret itself signs nothing else here. */
function markerKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("audit-retention-marker/v1").digest();
}

function markerText(m: UnsignedMarker): string {
  return ["retention-marker", m.chain, String(m.firstSeq), String(m.lastSeq), m.lastHash, String(m.rowsDeleted), m.createdAt.toISOString()].map(field).join("|");
}

/** HMAC-SHA256 (hex) of a marker's fields. */
export function signMarker(secret: string, marker: UnsignedMarker): string {
  return createHmac("sha256", markerKey(secret)).update(markerText(marker), "utf8").digest("hex");
}

export function markerSignatureValid(secret: string, marker: RetentionMarker): boolean {
  const expected = Buffer.from(signMarker(secret, marker), "hex");
  const actual = Buffer.from(/^[0-9a-f]{64}$/.test(marker.signature) ? marker.signature : "", "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** One row of a chain as read for verification. */
export interface ChainRow {
  id: string;
  /** Null when the row was never linked (written while the chain's trigger was off). */
  seq: number | null;
  prevHash: string | null;
  hash: string | null;
  /** The `timestamp` field as text (UTC), to name the row in a report. */
  timestamp: string | null;
  values: ChainFieldValues;
}

export type ChainBreakKind =
  /** The row's fields no longer give its hash: it was changed after it was written. */
  | "content"
  /** The row does not name the link before it as its previous one: that one was changed, replaced or taken out. */
  | "link"
  /** Links before the row are missing and no signed marker accounts for them. */
  | "gap"
  /** The row has no link at all. */
  | "unlinked"
  /** A retention marker's signature does not verify. */
  | "marker"
  /** The chain's head names links after the last row that are not there: the newest rows were removed. */
  | "head";

export interface ChainBreak {
  chain: ChainName;
  kind: ChainBreakKind;
  /** The row (or, for "marker", the marker) where the chain breaks; for "head", the last good row, if any. */
  id: string | null;
  seq: number | null;
  /** Its timestamp (UTC text), or the marker's creation time. */
  timestamp: string | null;
  /** "gap": the missing places; "head": the places the head names beyond the last row. */
  missing?: { from: number; to: number };
}

/**
 * Walks one chain in order of place. Feed it every linked row by ascending `seq` (`push`), then
 * call `finish` with the chain's head. Each returns the first break it finds, after which the walk
 * stops. Markers with a bad signature are reported before any row, since nothing they cover can be
 * trusted.
 */
export class ChainWalker {
  private expectedSeq = 1;
  private prevHash = GENESIS_HASH;
  private lastRow: ChainRow | null = null;
  private readonly markers = new Map<number, RetentionMarker>();
  private broken: ChainBreak | null = null;
  /** Rows verified so far. */
  verified = 0;
  /** Rows that retention removed, accounted for by markers the walk followed. */
  removed = 0;

  constructor(
    readonly chain: ChainName,
    markers: readonly RetentionMarker[],
    secret: string,
  ) {
    const ordered = [...markers].filter((m) => m.chain === chain).sort((a, b) => a.firstSeq - b.firstSeq);
    const forged = ordered.find((m) => !markerSignatureValid(secret, m));
    if (forged) {
      this.broken = { chain, kind: "marker", id: String(forged.id), seq: forged.firstSeq, timestamp: forged.createdAt.toISOString() };
    }
    for (const m of ordered) this.markers.set(m.firstSeq, m);
  }

  get result(): ChainBreak | null {
    return this.broken;
  }

  /** Follows markers from the expected place up to `until` (exclusive); false when none covers a place. */
  private followMarkers(until: number): boolean {
    while (this.expectedSeq < until) {
      const marker = this.markers.get(this.expectedSeq);
      if (!marker || marker.lastSeq >= until || marker.lastSeq < marker.firstSeq) return false;
      this.removed += marker.rowsDeleted;
      this.expectedSeq = marker.lastSeq + 1;
      this.prevHash = marker.lastHash;
    }
    return true;
  }

  push(row: ChainRow): ChainBreak | null {
    if (this.broken) return this.broken;
    const at = (kind: ChainBreakKind, missing?: ChainBreak["missing"]): ChainBreak =>
      (this.broken = { chain: this.chain, kind, id: row.id, seq: row.seq, timestamp: row.timestamp, ...(missing ? { missing } : {}) });
    if (row.seq === null || row.hash === null || row.prevHash === null) return at("unlinked");
    if (row.seq < this.expectedSeq) return at("link");
    if (row.seq > this.expectedSeq) {
      const from = this.expectedSeq;
      if (!this.followMarkers(row.seq)) return at("gap", { from, to: row.seq - 1 });
    }
    if (row.prevHash !== this.prevHash) return at("link");
    if (linkHash(row.prevHash, canonicalText(this.chain, row.values)) !== row.hash) return at("content");
    this.prevHash = row.hash;
    this.expectedSeq = row.seq + 1;
    this.lastRow = row;
    this.verified += 1;
    return null;
  }

  /** After the last row: markers for the newest links, then the head must be where the walk ended. */
  finish(head: { seq: number; hash: string } | null): ChainBreak | null {
    if (this.broken) return this.broken;
    const headSeq = head?.seq ?? 0;
    const headHash = head?.hash ?? GENESIS_HASH;
    // Markers past the last row (retention removed the newest links too) are followed as far as they go.
    this.followMarkers(Math.max(headSeq + 1, this.expectedSeq));
    if (headSeq + 1 !== this.expectedSeq || headHash !== this.prevHash) {
      const last = this.lastRow;
      this.broken = {
        chain: this.chain,
        kind: "head",
        id: last?.id ?? null,
        seq: last?.seq ?? null,
        timestamp: last?.timestamp ?? null,
        missing: { from: this.expectedSeq, to: headSeq },
      };
    }
    return this.broken;
  }
}

const rowName = { audit_entries: "audit entry", security_events: "security event" } as const;
const rowsName = { audit_entries: "audit entries", security_events: "security events" } as const;

/** The first broken link in plain words for operators (`npm run audit:verify`): where, and what it means. */
export function describeChainBreak(b: ChainBreak): string {
  const row = `${rowName[b.chain]} ${b.id}${b.timestamp ? ` (${b.timestamp})` : ""}`;
  switch (b.kind) {
    case "content":
      return `at ${row}: its content no longer matches its hash, so it was changed after it was written`;
    case "link":
      return `at ${row}: it does not follow from the ${rowName[b.chain]} before it, which was changed, replaced or taken out`;
    case "gap":
      return `at ${row}: links ${b.missing!.from} to ${b.missing!.to} of the chain, before it, are missing, and no signed retention marker accounts for them`;
    case "unlinked":
      return `at ${row}: it has no link in the chain, so it was written while the chain's trigger was off`;
    case "marker":
      return `at retention marker ${b.id}${b.timestamp ? ` (${b.timestamp})` : ""}: its signature does not match (changed, or signed with another AUTH_SECRET)`;
    case "head":
      if (b.missing!.from > b.missing!.to + 1) return `after ${row}: the chain's head names link ${b.missing!.to}, before the newest row, so the head was changed`;
      if (b.missing!.from === b.missing!.to + 1) return `at ${row}: its hash is not the one the chain's head recorded, so the newest link was replaced`;
      return b.id
        ? `after ${row}: the chain's newest link is ${b.missing!.to}, but the links from ${b.missing!.from} are missing, so the newest ${rowsName[b.chain]} were removed`
        : `at the start: the chain's newest link is ${b.missing!.to}, but none of its ${rowsName[b.chain]} is left and no retention marker accounts for them`;
  }
}
