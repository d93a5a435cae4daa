import { z } from "zod";
import { auditQuerySchema } from "./audit-query";
import { clientPatchFields, deleteRequestSchema } from "./client-patch";
import { clientSearchSchema } from "./client-search";
import { directorPatchFields, statusOverrideReasonSchema } from "./director-patch";
import { enquirySchema } from "./enquiry";
import { loginSchema } from "./sign-in";

/*
 * Every text a schema accepts can be stored and shown: no NUL, no lone surrogate in any field, and
 * no line break or other control character in a single-line one. Each case names a schema, a valid
 * value and the path of the field under test.
 */

const NUL = "a\u0000b";
const LONE = "a\ud800b";
const CRLF = "Bob\r\nEmail address: evil@example.com";
const TAB = "a\tb";

const validEnquiry = { name: "Alice", email: "alice@example.com", description: "Hello" };
const validLogin = { email: "alice@example.com", reference: "HWH7K2QP" };

type Case = [label: string, schema: z.core.$ZodType, base: Record<string, unknown>, path: string[], multiline: boolean];

function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const out = structuredClone(base);
  let target = out;
  for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[path[path.length - 1]!] = value;
  return out;
}

const cases: Case[] = [
  ["enquiry name", enquirySchema, validEnquiry, ["name"], false],
  ["enquiry email", enquirySchema, validEnquiry, ["email"], false],
  ["enquiry description", enquirySchema, validEnquiry, ["description"], true],
  ["sign-in email", loginSchema, validLogin, ["email"], false],
  ["sign-in reference", loginSchema, validLogin, ["reference"], false],
  ["search globalSearch", clientSearchSchema, {}, ["globalSearch"], false],
  ["search filters.name", clientSearchSchema, {}, ["filters", "name"], false],
  ["search filters.individual", clientSearchSchema, {}, ["filters", "individual"], false],
  ["search filters.owner", clientSearchSchema, {}, ["filters", "owner"], false],
  ["audit entityId", auditQuerySchema, {}, ["entityId"], false],
  ["delete reason", deleteRequestSchema, {}, ["reason"], true],
];

/** Field-level schemas of the admin patches (value in, error messages out). */
const fieldCases: [string, z.ZodType, boolean][] = [
  ["client name", clientPatchFields.name, false],
  ["client mainContactEmail", clientPatchFields.mainContactEmail, false],
  ["client owner", clientPatchFields.owner, false],
  ["client notes", clientPatchFields.notes, true],
  ["director name", directorPatchFields.name, false],
  ["director email", directorPatchFields.email, false],
  ["status override reason", statusOverrideReasonSchema, true],
];

function messagesAt(schema: z.core.$ZodType, input: unknown, path: string[]): string[] {
  const result = z.safeParse(schema, input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === path.join(".")).map((i) => i.message);
}

describe.each(cases)("%s", (_label, schema, base, path, multiline) => {
  it.each([
    ["NUL", NUL],
    ["a lone surrogate", LONE],
    ["a lone low surrogate", "\udc00abc"],
    ["DEL", "a\u007fb"],
  ])("refuses %s with invalidCharacters", (_what, value) => {
    expect(messagesAt(schema, withValue(base, path, value), path)).toContain("invalidCharacters");
  });

  if (multiline) {
    it("keeps line breaks and tabs", () => {
      expect(messagesAt(schema, withValue(base, path, "First line\r\nsecond line\tand a tab, long enough"), path)).toEqual([]);
    });
  } else {
    it.each([
      ["CR/LF", CRLF],
      ["LF", "a\nb"],
      ["a tab", TAB],
      ["U+2028", "a\u2028b"],
    ])("refuses %s (single line)", (_what, value) => {
      expect(messagesAt(schema, withValue(base, path, value), path)).toContain("invalidCharacters");
    });
  }
});

describe.each(fieldCases)("patch field %s", (_label, schema, multiline) => {
  it("refuses NUL and lone surrogates", () => {
    for (const value of [NUL, LONE]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toContain("invalidCharacters");
    }
  });
  it(multiline ? "keeps line breaks" : "refuses line breaks", () => {
    const result = schema.safeParse("First line of text\nsecond line of text");
    if (multiline) expect(result.success).toBe(true);
    else expect(result.error!.issues.map((i) => i.message)).toContain("invalidCharacters");
  });
});

it("still accepts ordinary international text and emoji", () => {
  expect(enquirySchema.safeParse({ name: "Zoë Ångström-Łukasz 😀", email: "zoe@example.com", description: "Ça va?\n👍" }).success).toBe(true);
  expect(clientSearchSchema.safeParse({ globalSearch: "Müller & Søn 😀" }).success).toBe(true);
});
