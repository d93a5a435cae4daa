import {
  canonicalText,
  ChainWalker,
  chainFields,
  describeChainBreak,
  GENESIS_HASH,
  linkHash,
  markerSignatureValid,
  signMarker,
  type ChainRow,
  type RetentionMarker,
} from "./audit-chain";

const SECRET = "unit-test-secret-0123456789abcdefghij";

function values(seq: number, extra: Record<string, string | null> = {}): Record<string, string | null> {
  const v: Record<string, string | null> = {};
  for (const f of chainFields.security_events) v[f] = null;
  return { ...v, id: String(100 + seq), chain_seq: String(seq), event: "SignedOut", actor: `p${seq}@example.com`, timestamp: `2026-01-0${(seq % 9) + 1}T10:00:00.000000Z`, ...extra };
}

/** A well-formed chain of `n` security events, as the database would link them. */
function chain(n: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const v = values(seq);
    const hash = linkHash(prev, canonicalText("security_events", v));
    rows.push({ id: v.id!, seq, prevHash: prev, hash, timestamp: v.timestamp!, values: v });
    prev = hash;
  }
  return rows;
}

function walk(rows: ChainRow[], markers: RetentionMarker[] = [], head = rows.length ? { seq: rows.at(-1)!.seq!, hash: rows.at(-1)!.hash! } : { seq: 0, hash: GENESIS_HASH }) {
  const walker = new ChainWalker("security_events", markers, SECRET);
  for (const r of rows) if (walker.push(r)) break;
  return { broken: walker.finish(head), walker };
}

function marker(id: number, firstSeq: number, lastSeq: number, lastHash: string, secret = SECRET): RetentionMarker {
  const m = { chain: "security_events", firstSeq, lastSeq, lastHash, rowsDeleted: lastSeq - firstSeq + 1, createdAt: new Date("2026-02-01T03:17:00.123Z") };
  return { id, ...m, signature: signMarker(secret, m) };
}

describe("canonical text and link hash", () => {
  it("writes each field with its length in bytes, and null apart from the empty string", () => {
    const v = values(1, { actor: "", detail: '{"a": "ü|x"}' });
    const text = canonicalText("security_events", v);
    expect(text.startsWith("security_events|3:101|1:1|9:SignedOut|0:|-|-|-|")).toBe(true);
    expect(text.endsWith("|13:" + '{"a": "ü|x"}')).toBe(true);
    expect(canonicalText("security_events", { ...v, actor: null })).not.toBe(text);
  });

  it("refuses a row missing a field rather than hashing a guess", () => {
    const v = values(1);
    delete v.detail;
    expect(() => canonicalText("security_events", v)).toThrow(/detail/);
  });

  it("is sha256 over the previous hash, a newline and the text (the SQL function's formula)", () => {
    // PostgreSQL's encode(sha256(convert_to(prev || E'\n' || text, 'UTF8')), 'hex') gave this for the same input.
    expect(linkHash(GENESIS_HASH, "security_events|3:101|ü")).toBe("3ef9dc8e8c9af7ccc36e6c9b554209f1fd2a133a9ed80a35c71dbe898e79e077");
    expect(linkHash(GENESIS_HASH, "x")).toMatch(/^[0-9a-f]{64}$/);
    expect(linkHash(GENESIS_HASH, "x")).not.toBe(linkHash(GENESIS_HASH, "y"));
  });
});

describe("ChainWalker", () => {
  it("passes an intact chain, and an empty one", () => {
    expect(walk(chain(5)).broken).toBeNull();
    expect(walk(chain(5)).walker.verified).toBe(5);
    expect(walk([]).broken).toBeNull();
  });

  it("names a row whose content changed", () => {
    const rows = chain(4);
    rows[1] = { ...rows[1]!, values: { ...rows[1]!.values, actor: "someone-else@example.com" } };
    expect(walk(rows).broken).toMatchObject({ kind: "content", id: "102", seq: 2 });
  });

  it("names the row after one replaced with a recomputed hash", () => {
    const rows = chain(4);
    const v = { ...rows[1]!.values, actor: "x@example.com" };
    rows[1] = { ...rows[1]!, values: v, hash: linkHash(rows[1]!.prevHash!, canonicalText("security_events", v)) };
    expect(walk(rows).broken).toMatchObject({ kind: "link", seq: 3 });
  });

  it("names the row after a gap no marker accounts for", () => {
    const rows = chain(5);
    rows.splice(1, 2);
    expect(walk(rows).broken).toMatchObject({ kind: "gap", seq: 4, missing: { from: 2, to: 3 } });
  });

  it("follows signed markers across gaps, at the start, between rows and at the end", () => {
    const rows = chain(9);
    const markers = [marker(1, 1, 2, rows[1]!.hash!), marker(2, 4, 4, rows[3]!.hash!), marker(3, 5, 6, rows[5]!.hash!), marker(4, 9, 9, rows[8]!.hash!)];
    const kept = rows.filter((r) => [3, 7, 8].includes(r.seq!));
    const { broken, walker } = walk(kept, markers, { seq: 9, hash: rows[8]!.hash! });
    expect(broken).toBeNull();
    expect(walker.verified).toBe(3);
    expect(walker.removed).toBe(6);
  });

  it("refuses a marker that was changed or signed with another secret", () => {
    const rows = chain(3);
    const good = marker(1, 1, 1, rows[0]!.hash!);
    expect(markerSignatureValid(SECRET, good)).toBe(true);
    expect(walk(rows.slice(1), [{ ...good, rowsDeleted: 5 }]).broken).toMatchObject({ kind: "marker", id: "1" });
    expect(walk(rows.slice(1), [marker(1, 1, 1, rows[0]!.hash!, "another-secret-0123456789abcdefghijkl")]).broken).toMatchObject({ kind: "marker" });
  });

  it("refuses a marker whose hash is not the one the next row follows from", () => {
    const rows = chain(3);
    expect(walk(rows.slice(1), [marker(1, 1, 1, "f".repeat(64))]).broken).toMatchObject({ kind: "link", seq: 2 });
  });

  it("finds the newest rows removed, a head changed, and a replaced last row", () => {
    const rows = chain(4);
    expect(walk(rows.slice(0, 3), [], { seq: 4, hash: rows[3]!.hash! }).broken).toMatchObject({ kind: "head", seq: 3, missing: { from: 4, to: 4 } });
    expect(walk(rows, [], { seq: 4, hash: "0".repeat(63) + "1" }).broken).toMatchObject({ kind: "head", missing: { from: 5, to: 4 } });
    expect(walk([], [], { seq: 2, hash: rows[1]!.hash! }).broken).toMatchObject({ kind: "head", id: null });
  });

  it("names a row with no link", () => {
    const rows = chain(2);
    expect(walk([...rows, { ...rows[1]!, id: "999", seq: null, hash: null, prevHash: null }]).broken).toMatchObject({ kind: "unlinked", id: "999" });
  });
});

describe("describeChainBreak", () => {
  it("says where and what, in words", () => {
    expect(describeChainBreak({ chain: "audit_entries", kind: "content", id: "12", seq: 3, timestamp: "2026-01-02T10:00:00.000001Z" })).toBe(
      "at audit entry 12 (2026-01-02T10:00:00.000001Z): its content no longer matches its hash, so it was changed after it was written",
    );
    expect(describeChainBreak({ chain: "security_events", kind: "gap", id: "9", seq: 9, timestamp: null, missing: { from: 4, to: 8 } })).toMatch(/links 4 to 8/);
  });
});
