import { MAX_DIRECTOR_OPERATIONS, parseDirectorsPatch } from "./company-directors-patch";

describe("parseDirectorsPatch", () => {
  it("gathers adds (trimmed, email lower-cased) and edits per id", () => {
    const result = parseDirectorsPatch([
      { op: "add", path: "/-", value: { name: " Ann Lee ", email: "Ann.Lee@Example.co.uk" } },
      { op: "replace", path: "/12/name", value: "Bo Chan" },
      { op: "replace", path: "/12/email", value: "BO@example.co.uk" },
      { op: "replace", path: "/7/isDeleted", value: true },
      { op: "replace", path: "/7/deleteReason", value: "Left the company" },
    ]);
    expect(result).toEqual({
      ok: true,
      patch: {
        adds: [{ name: "Ann Lee", email: "ann.lee@example.co.uk" }],
        edits: new Map([
          [12, { name: "Bo Chan", email: "bo@example.co.uk" }],
          [7, { isDeleted: true, deleteReason: "Left the company" }],
        ]),
      },
    });
  });

  it.each([
    ["not a list", { op: "add", path: "/-" }, "invalidPatch"],
    ["an unknown op", [{ op: "copy", path: "/1/name", from: "/2/name" }], "unknownOp"],
    ["remove", [{ op: "remove", path: "/1" }], "pathNotAllowed"],
    ["add at an index", [{ op: "add", path: "/0", value: { name: "A", email: "a@example.co.uk" } }], "pathNotAllowed"],
    ["replace of the list end", [{ op: "replace", path: "/-", value: { name: "A", email: "a@example.co.uk" } }], "pathNotAllowed"],
    ["a field outside the list", [{ op: "replace", path: "/1/status", value: "Complete" }], "pathNotAllowed"],
    ["a whole record", [{ op: "replace", path: "/1", value: {} }], "pathNotAllowed"],
    ["an id with a leading zero", [{ op: "replace", path: "/01/name", value: "A" }], "pathNotAllowed"],
    ["a prototype key", [{ op: "replace", path: "/1/__proto__", value: {} }], "forbiddenPath"],
    ["an escaped token", [{ op: "replace", path: "/1/na~1me", value: "A" }], "invalidPath"],
    ["a nested path", [{ op: "replace", path: "/1/name/x", value: "A" }], "nestedPath"],
    ["a path without a slash", [{ op: "replace", path: "1/name", value: "A" }], "invalidPath"],
    ["isDeleted false", [{ op: "replace", path: "/1/isDeleted", value: false }], "invalidValue"],
  ])("refuses %s", (_label, document, message) => {
    const result = parseDirectorsPatch(document);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.message)).toContain(message);
  });

  it("a removal needs its reason, and a reason needs the removal", () => {
    expect(parseDirectorsPatch([{ op: "replace", path: "/3/isDeleted", value: true }])).toEqual({ ok: false, issues: [{ index: -1, field: "directors.3.deleteReason", message: "reasonRequired" }] });
    expect(parseDirectorsPatch([{ op: "replace", path: "/3/deleteReason", value: "Why" }])).toEqual({ ok: false, issues: [{ index: -1, field: "directors.3.isDeleted", message: "reasonWithoutRemoval" }] });
  });

  it("names the field of a bad value, and refuses two different values for one field", () => {
    const bad = parseDirectorsPatch([{ op: "add", path: "/-", value: { name: "", email: "nope" } }]);
    expect(bad.ok ? [] : bad.issues.map((i) => i.field).sort()).toEqual(["add.0.email", "add.0.name"]);
    const clash = parseDirectorsPatch([
      { op: "replace", path: "/4/name", value: "One" },
      { op: "replace", path: "/4/name", value: "Two" },
    ]);
    expect(clash).toEqual({ ok: false, issues: [{ index: 1, field: "directors.4.name", message: "conflictingOperations" }] });
  });

  it("refuses more operations than the largest bulk add", () => {
    const many = Array.from({ length: MAX_DIRECTOR_OPERATIONS + 1 }, (_, i) => ({ op: "add", path: "/-", value: { name: `P ${i}`, email: `p${i}@example.co.uk` } }));
    expect(parseDirectorsPatch(many)).toEqual({ ok: false, issues: [{ index: -1, message: "tooManyOperations" }] });
  });
});
