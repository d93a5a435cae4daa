import { auditDiff, isBlockValue, kindOf, pointerKey, valueText } from "./audit-diff-model";

describe("auditDiff", () => {
  it("is empty when there is nothing before or after", () => {
    expect(auditDiff(null, null)).toEqual({ kind: "none" });
    expect(auditDiff(undefined, undefined)).toEqual({ kind: "none" });
  });

  it("compares two records field by field and marks the changed fields", () => {
    const diff = auditDiff({ status: "New", owner: "a@x.example" }, { status: "InProgress", owner: "a@x.example" });
    expect(diff).toEqual({
      kind: "fields",
      hasBefore: true,
      hasAfter: true,
      rows: [
        { field: "status", before: "New", after: "InProgress", hasBefore: true, hasAfter: true, changed: true },
        { field: "owner", before: "a@x.example", after: "a@x.example", hasBefore: true, hasAfter: true, changed: false },
      ],
    });
  });

  it("lists fields only before or only after, and nested values compare as JSON", () => {
    const diff = auditDiff({ gone: 1, nested: { a: [1, 2] } }, { nested: { a: [1, 2] }, added: true });
    expect(diff.kind).toBe("fields");
    if (diff.kind !== "fields") return;
    expect(diff.rows.map((r) => [r.field, r.hasBefore, r.hasAfter, r.changed])).toEqual([
      ["nested", true, true, false],
      ["added", false, true, true],
      ["gone", true, false, true],
    ]);
  });

  it("shows a created record (no old value) as its values", () => {
    const diff = auditDiff(null, { name: "Hartwell", reference: "HWH7K2QP" });
    expect(diff).toMatchObject({ kind: "fields", hasBefore: false, hasAfter: true });
    if (diff.kind === "fields") expect(diff.rows.every((r) => !r.changed)).toBe(true);
  });

  it("reads JSON Patch operations: path, type, value and the original from the old record", () => {
    const diff = auditDiff({ name: "Old Ltd", unitPrice: 6500 }, [
      { op: "replace", path: "/name", value: "New Ltd" },
      { op: "replace", path: "/unitPrice", value: 5500 },
      { op: "remove", path: "/notes" },
    ]);
    expect(diff).toEqual({
      kind: "patch",
      rows: [
        { op: "replace", path: "/name", type: "string", value: "New Ltd", hasValue: true, original: "Old Ltd", hasOriginal: true },
        { op: "replace", path: "/unitPrice", type: "number", value: 5500, hasValue: true, original: 6500, hasOriginal: true },
        { op: "remove", path: "/notes", type: "none", value: undefined, hasValue: false, original: undefined, hasOriginal: false },
      ],
    });
  });

  it("takes the original from the operation itself, or from old operations by position", () => {
    const own = auditDiff(null, { op: "replace", path: "/status", value: "Verified", original: "UnderReview" });
    expect(own).toMatchObject({ kind: "patch", rows: [{ original: "UnderReview", hasOriginal: true, type: "string" }] });
    const byIndex = auditDiff([{ op: "replace", path: "/a", value: 1 }], [{ op: "replace", path: "/a", value: 2 }]);
    expect(byIndex).toMatchObject({ kind: "patch", rows: [{ value: 2, original: 1, hasOriginal: true, type: "number" }] });
    const byPointer = auditDiff({ "billing/address": "x" }, [{ op: "add", path: "/billing~1address", value: { line1: "1 High St" } }]);
    expect(byPointer).toMatchObject({ kind: "patch", rows: [{ original: "x", type: "object" }] });
  });

  it("shows other values side by side", () => {
    expect(auditDiff("a", "b")).toEqual({ kind: "values", before: "a", after: "b" });
    expect(auditDiff(null, [1, 2])).toEqual({ kind: "values", before: null, after: [1, 2] });
    expect(auditDiff({ a: 1 }, 3)).toEqual({ kind: "values", before: { a: 1 }, after: 3 });
  });

  it("does not take an object with an unknown op for a patch", () => {
    expect(auditDiff(null, { op: "launch", path: "/x" }).kind).toBe("fields");
  });
});

describe("helpers", () => {
  it("names JSON kinds", () => {
    expect([null, "s", 1, true, [], {}, undefined].map(kindOf)).toEqual(["null", "string", "number", "boolean", "array", "object", "none"]);
  });

  it("unescapes JSON Pointer segments", () => {
    expect(pointerKey("/a~1b~0c")).toBe("a/b~c");
  });

  it("formats values as text", () => {
    expect(valueText("plain")).toBe("plain");
    expect(valueText(5)).toBe("5");
    expect(valueText(null)).toBe("null");
    expect(valueText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(isBlockValue({ a: 1 })).toBe(true);
    expect(isBlockValue("one line")).toBe(false);
    expect(isBlockValue("two\nlines")).toBe(true);
  });
});
