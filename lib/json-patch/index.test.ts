import { z } from "zod";
import { clientPatchSpec, clientFormSchema, deleteRequestSchema } from "@/lib/schemas/client-patch";
import { directorPatchSpec, priceOverrideFormSchema, statusOverrideFormSchema } from "@/lib/schemas/director-patch";
import { diffToOperations, evaluatePatch, issuesToFieldErrors, jsonEqual, memberOf, type PatchSpec } from "./index";
import { penceToPounds } from "@/lib/pricing/pricing";
import { isCalendarDate, poundsToPence } from "./fields";

const spec: PatchSpec = {
  fields: {
    name: z.string().min(1, "required"),
    notes: z.string().nullable(),
    count: z.number().int(),
    tags: z.array(z.string()),
  },
};
const current = { id: 7, name: "Acme", notes: "hello", count: 1, tags: ["a"], secret: "s3cret" };

function issues(doc: unknown, s: PatchSpec = spec, cur: Record<string, unknown> = current) {
  const r = evaluatePatch(doc, s, cur);
  return r.ok ? [] : r.issues.map((i) => i.message);
}

describe("memberOf", () => {
  it("accepts one reference token and decodes ~1 and ~0", () => {
    expect(memberOf("/name")).toEqual({ member: "name" });
    expect(memberOf("/a~0b")).toEqual({ member: "a~b" });
  });
  it.each([
    ["name", "invalidPath"],
    ["", "invalidPath"],
    ["/", "nestedPath"],
    ["/a/b", "nestedPath"],
    ["/a~1b", "nestedPath"],
    ["/a~2", "invalidPath"],
    ["/a~", "invalidPath"],
    ["/__proto__", "forbiddenPath"],
    ["/constructor", "forbiddenPath"],
    ["/prototype", "forbiddenPath"],
    ["/__proto__/polluted", "nestedPath"],
  ])("rejects %j (%s)", (path, error) => {
    expect(memberOf(path)).toEqual({ error });
  });
});

describe("evaluatePatch", () => {
  it("replaces and adds allowed fields, reporting only real changes", () => {
    const r = evaluatePatch(
      [
        { op: "replace", path: "/name", value: "Acme Ltd" },
        { op: "add", path: "/count", value: 1 },
      ],
      spec,
      current,
    );
    expect(r).toEqual({ ok: true, values: { name: "Acme Ltd", count: 1 }, changes: { name: "Acme Ltd" }, touched: ["name", "count"] });
  });

  it("accepts an empty document as a no-op", () => {
    expect(evaluatePatch([], spec, current)).toEqual({ ok: true, values: {}, changes: {}, touched: [] });
  });

  it("removes a nullable field (sets null) and refuses to remove a required one", () => {
    expect(evaluatePatch([{ op: "remove", path: "/notes" }], spec, current)).toMatchObject({ ok: true, changes: { notes: null } });
    expect(issues([{ op: "remove", path: "/name" }])).toEqual(["notRemovable"]);
  });

  it("ignores members an operation does not define (RFC 6902 §4)", () => {
    expect(evaluatePatch([{ op: "remove", path: "/notes", value: "ignored", from: "/x" }], spec, current)).toMatchObject({ ok: true, changes: { notes: null } });
  });

  it.each([
    ["not an array", { op: "replace", path: "/name", value: "x" }, "invalidPatch"],
    ["a string", "[]", "invalidPatch"],
    ["null", null, "invalidPatch"],
    ["an unknown op", [{ op: "move", from: "/name", path: "/notes" }], "unknownOp"],
    ["copy", [{ op: "copy", from: "/name", path: "/notes" }], "unknownOp"],
    ["a missing op", [{ path: "/name", value: "x" }], "unknownOp"],
    ["a non-object operation", [42], "invalidPatch"],
    ["a missing path", [{ op: "replace", value: "x" }], "invalidPath"],
    ["a numeric path", [{ op: "replace", path: 1, value: "x" }], "invalidPath"],
    ["a path outside the allow-list", [{ op: "replace", path: "/secret", value: "x" }], "pathNotAllowed"],
    ["the id", [{ op: "replace", path: "/id", value: 8 }], "pathNotAllowed"],
    ["__proto__", [{ op: "add", path: "/__proto__", value: { polluted: true } }], "forbiddenPath"],
    ["constructor", [{ op: "replace", path: "/constructor", value: "x" }], "forbiddenPath"],
    ["a nested path", [{ op: "replace", path: "/tags/0", value: "x" }], "nestedPath"],
    ["the whole document", [{ op: "replace", path: "", value: {} }], "invalidPath"],
    ["a missing value", [{ op: "replace", path: "/name" }], "valueRequired"],
    ["a wrong type", [{ op: "replace", path: "/count", value: "1" }], "invalidValue"],
    ["a failing field rule", [{ op: "replace", path: "/name", value: "" }], "required"],
    ["a huge path", [{ op: "replace", path: `/${"a".repeat(500)}`, value: 1 }], "invalidPath"],
  ])("rejects %s", (_label, doc, message) => {
    const r = evaluatePatch(doc, spec, current);
    expect(r.ok).toBe(false);
    if (message === "invalidValue") expect(issues(doc)).toHaveLength(1);
    else expect(issues(doc)).toContain(message);
  });

  it("rejects too many operations", () => {
    const doc = Array.from({ length: 101 }, () => ({ op: "replace", path: "/count", value: 2 }));
    expect(issues(doc)).toEqual(["tooManyOperations"]);
  });

  it("rejects two operations setting one field to different values, and accepts identical ones", () => {
    expect(
      issues([
        { op: "replace", path: "/name", value: "A" },
        { op: "replace", path: "/name", value: "B" },
      ]),
    ).toEqual(["conflictingOperations"]);
    expect(
      issues([
        { op: "replace", path: "/notes", value: null },
        { op: "remove", path: "/notes" },
      ]),
    ).toEqual([]);
  });

  it("reports every invalid operation, not only the first", () => {
    expect(
      issues([
        { op: "replace", path: "/secret", value: 1 },
        { op: "replace", path: "/name", value: 3 },
        { op: "frobnicate", path: "/name" },
      ]),
    ).toHaveLength(3);
  });

  it("evaluates test operations in sequence, deep-comparing values", () => {
    expect(evaluatePatch([{ op: "test", path: "/tags", value: ["a"] }], spec, current)).toMatchObject({ ok: true, changes: {} });
    expect(
      evaluatePatch(
        [
          { op: "replace", path: "/count", value: 5 },
          { op: "test", path: "/count", value: 5 },
        ],
        spec,
        current,
      ),
    ).toMatchObject({ ok: true, changes: { count: 5 } });
    const failed = evaluatePatch(
      [
        { op: "test", path: "/name", value: "Someone else" },
        { op: "replace", path: "/name", value: "New" },
      ],
      spec,
      current,
    );
    expect(failed).toMatchObject({ ok: false, kind: "test_failed" });
  });

  it("never touches the prototype of anything", () => {
    evaluatePatch(JSON.parse('[{"op":"add","path":"/__proto__","value":{"polluted":true}},{"op":"replace","path":"/name","value":"x","__proto__":{"polluted":true}}]'), spec, current);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("maps issues to field errors", () => {
    const r = evaluatePatch([{ op: "replace", path: "/count", value: "x" }, { op: "replace", path: "/secret", value: 1 }], spec, current);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(issuesToFieldErrors(r.issues))).toEqual(["count", "operations.1"]);
  });
});

describe("the client allow-list", () => {
  const client = { name: "Maple", unitPrice: 6500, owner: null, status: "New", vatExempt: false, billingAddressCountry: "GB", reference: "MSA3T7KE" };

  it("normalises blank optional text to null and trims", () => {
    expect(evaluatePatch([{ op: "replace", path: "/notes", value: "  note  " }, { op: "replace", path: "/vatNumber", value: "   " }], clientPatchSpec, client)).toMatchObject({
      ok: true,
      changes: { notes: "note" },
      values: { notes: "note", vatNumber: null },
    });
  });

  it.each([
    ["/reference", "ABCDEFGH"],
    ["/journey", "PayByCard"],
    ["/fullPrice", 1],
    ["/isDeleted", true],
    ["/paymentSessionSecret", "x"],
    ["/createdBy", "me"],
  ])("refuses %s", (path, value) => {
    expect(issues([{ op: "replace", path, value }], clientPatchSpec, client)).toEqual(["pathNotAllowed"]);
  });

  it.each([
    ["/unitPrice", -1, "pence"],
    ["/unitPrice", 12.5, "pence"],
    ["/unitPrice", "6500", "pence"],
    ["/unitPrice", 1e12, "pence"],
    ["/status", "Archived", "invalidValue"],
    ["/vatExempt", "true", "invalidValue"],
    ["/billingAddressCountry", "XX", "countryCode"],
    ["/mainContactEmail", "not-an-email", "email"],
    ["/owner", "someone", "email"],
    ["/name", "a\u0000b", "invalidCharacters"],
    ["/name", "\ud800", "invalidCharacters"],
    ["/name", "x".repeat(201), "tooLong"],
    ["/mainContactTelephone", "call me", "telephone"],
  ])("checks the type of %s (%j)", (path, value, message) => {
    expect(issues([{ op: "replace", path, value }], clientPatchSpec, client)).toEqual([message]);
  });

  it("lets the notes keep line breaks", () => {
    expect(evaluatePatch([{ op: "replace", path: "/notes", value: "a\nb" }], clientPatchSpec, client)).toMatchObject({ ok: true, changes: { notes: "a\nb" } });
  });

  it("reads the unit price in pounds on the form", () => {
    const base = Object.fromEntries(Object.entries(clientFormSchema.shape).map(([k]) => [k, ""]));
    const parsed = clientFormSchema.safeParse({ ...base, name: "Maple", mainContactEmail: "a@b.example", vatExempt: false, inKantata: false, paid: false, status: "New", productTier: "Managed", unitPrice: "£1,250.5" });
    expect(parsed.success && parsed.data.unitPrice).toBe(125050);
  });
});

describe("the director allow-list", () => {
  const director = { name: "Fiona MacLeod", status: "AwaitingIDInfo", statusOverride: null, priceOverride: null, formerNames: [] };

  it("needs a reason longer than 10 characters with a status override", () => {
    expect(issues([{ op: "replace", path: "/statusOverride", value: "Complete" }], directorPatchSpec, director)).toEqual(["reasonTooShort"]);
    expect(
      issues(
        [
          { op: "replace", path: "/statusOverride", value: "Complete" },
          { op: "replace", path: "/statusOverrideReason", value: "  ten chars " },
        ],
        directorPatchSpec,
        director,
      ),
    ).toEqual(["reasonTooShort"]);
    expect(
      evaluatePatch(
        [
          { op: "replace", path: "/statusOverride", value: "Complete" },
          { op: "replace", path: "/statusOverrideReason", value: "Checked by hand." },
        ],
        directorPatchSpec,
        director,
      ),
    ).toMatchObject({ ok: true, changes: { statusOverride: "Complete", statusOverrideReason: "Checked by hand." } });
  });

  it("needs a reason with a price override, and an override with a reason", () => {
    expect(issues([{ op: "replace", path: "/priceOverride", value: 4500 }], directorPatchSpec, director)).toEqual(["reasonRequired"]);
    expect(issues([{ op: "replace", path: "/priceOverride", value: 4500 }, { op: "replace", path: "/priceOverrideReason", value: " " }], directorPatchSpec, director)).toEqual(["reasonRequired"]);
    expect(issues([{ op: "replace", path: "/priceOverrideReason", value: "Discount" }], directorPatchSpec, director)).toEqual(["reasonWithoutOverride"]);
    expect(issues([{ op: "remove", path: "/priceOverride" }, { op: "replace", path: "/priceOverrideReason", value: "Back to the list price" }], directorPatchSpec, director)).toEqual([]);
  });

  it.each([
    ["/status", "Complete", "pathNotAllowed"],
    ["/statusOriginal", "Complete", "pathNotAllowed"],
    ["/sessionToken", "x", "pathNotAllowed"],
    ["/clientId", 1, "pathNotAllowed"],
    ["/companiesHouseCode", "SHORT", "companiesHouseCode"],
    ["/country", "United Kingdom", "countryCode"],
    ["/dateToCompaniesHouse", "2024-02-30", "date"],
    ["/dateToCompaniesHouse", "0000-01-01", "date"],
    ["/formerNames", "Sophie Marsh", "invalidValue"],
    ["/formerNames", [""], "required"],
    ["/statusOverride", "Done", "invalidValue"],
  ])("checks %s (%j)", (path, value, message) => {
    expect(issues([{ op: "replace", path, value }], directorPatchSpec, director)).toEqual([message]);
  });

  it("upper-cases the Companies House code", () => {
    expect(evaluatePatch([{ op: "replace", path: "/companiesHouseCode", value: "rh4k7q2xm9t" }], directorPatchSpec, director)).toMatchObject({ ok: true, changes: { companiesHouseCode: "RH4K7Q2XM9T" } });
  });

  it("validates the dialogs with the same rules", () => {
    const short = statusOverrideFormSchema.safeParse({ statusOverride: "Complete", statusOverrideReason: "too short" });
    expect(short.success).toBe(false);
    if (!short.success) expect(short.error.issues[0]?.message).toBe("reasonTooShort");
    expect(priceOverrideFormSchema.parse({ priceOverride: "45", priceOverrideReason: "Agreed discount" })).toEqual({ priceOverride: 4500, priceOverrideReason: "Agreed discount" });
    expect(priceOverrideFormSchema.parse({ priceOverride: "", priceOverrideReason: "Back to list" }).priceOverride).toBeNull();
  });
});

describe("helpers", () => {
  it("compares JSON values deeply", () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it("diffs two records into replace operations", () => {
    expect(diffToOperations({ a: 1, b: "x", c: null }, { a: 1, b: "y", c: undefined }, ["a", "b", "c"])).toEqual([{ op: "replace", path: "/b", value: "y" }]);
  });

  it("converts pounds and pence", () => {
    expect(poundsToPence("55")).toBe(5500);
    expect(poundsToPence("0.5")).toBe(50);
    expect(poundsToPence("£1,234.56")).toBe(123456);
    expect(poundsToPence("1.234")).toBeNull();
    expect(poundsToPence("-1")).toBeNull();
    expect(penceToPounds(6505)).toBe("65.05");
    expect(penceToPounds(null)).toBe("");
  });

  it("knows real calendar dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-1-1")).toBe(false);
  });

  it("requires a non-blank delete reason of at most 1000 characters", () => {
    expect(deleteRequestSchema.safeParse({ reason: " " }).success).toBe(false);
    expect(deleteRequestSchema.safeParse({}).success).toBe(false);
    expect(deleteRequestSchema.safeParse({ reason: "x".repeat(1001) }).success).toBe(false);
    expect(deleteRequestSchema.parse({ reason: " Duplicate " })).toEqual({ reason: "Duplicate" });
  });
});
