import messages from "@/messages/en-GB.json";
import { auditSentence, shownValue, wordsOfField, type AuditSentenceEntry, type AuditWords } from "./audit-sentence";

/** The catalogue's words, with `{name}` placeholders filled (enough for these plain messages). */
function lookup(path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), messages);
}
const words: AuditWords = {
  say(key, values = {}) {
    const full = key.startsWith("statuses.") ? key : key.startsWith("types.") ? `auditArea.${key}` : `auditSentence.${key}`;
    const text = lookup(full);
    return typeof text === "string" ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)) : undefined;
  },
  money: (pence) => `£${(pence / 100).toFixed(2)}`,
};

const base: AuditSentenceEntry = { action: "", auditType: "DirectorModified", entityType: "Director", user: "olivia.bennett@hartwell-holdings.example", oldValue: null, newValue: null };

describe("auditSentence", () => {
  it("says who changed whose field, from what to what, by name", () => {
    const entry = { ...base, action: "Changed email", oldValue: { email: "a@x.example" }, newValue: { email: "b@x.example" }, actorName: "Olivia Bennett", entityName: "James Whitaker" };
    expect(auditSentence(entry, words)).toBe("Olivia Bennett changed James Whitaker’s email address from a@x.example to b@x.example");
  });

  it("says a status change by the statuses' labels, with the event that moved it", () => {
    const entry = { ...base, action: "Changed status", user: "admin@portal.example", oldValue: { status: "UnderReview" }, newValue: { status: "AwaitingAuthCode", event: "reviewApproved", via: "Verified" }, entityName: "James Whitaker" };
    expect(auditSentence(entry, words)).toBe("Status of James Whitaker changed from Under review to Waiting for personal code (review approved)");
    const client = { ...base, auditType: "ClientModified", entityType: "Client", action: "Changed status", oldValue: { status: "New" }, newValue: { status: "Onboarding", event: "onboardingStarted" } };
    expect(auditSentence(client, words)).toBe("Status of the client changed from Request received to Being set up (set-up started)");
    const override = { ...base, action: "Changed status", oldValue: { status: "AwaitingIDInfo" }, newValue: { status: "Verified", event: "overrideSet", reason: "Passport seen in person." } };
    const seeded = { ...client, action: "Status changed: every individual complete", oldValue: { status: "InProgress" }, newValue: { status: "Completed" }, entityName: "Maple Ltd" };
    expect(auditSentence(seeded, words)).toBe("Status of Maple Ltd changed from In progress to Completed (every individual complete)");
    expect(auditSentence(override, words)).toBe("Status of the individual changed from Waiting for details and identity check to Identity verified (status overridden: Passport seen in person.)");
  });

  it("never shows a field or a status by its code name", () => {
    const entry = { ...base, action: "Changed statusOverride", oldValue: { statusOverride: null }, newValue: { statusOverride: "Verified", event: "overrideSet" }, actorName: "Tom Reid", entityName: "Fiona MacLeod" };
    const sentence = auditSentence(entry, words);
    expect(sentence).toBe("Tom Reid set Fiona MacLeod’s status override to Identity verified");
    expect(sentence).not.toMatch(/statusOverride|Verified\b(?! )/);
    const unknown = { ...base, action: "Changed billingAddressLine2", auditType: "ClientModified", entityType: "Client", oldValue: { billingAddressLine2: "Unit 4" }, newValue: { billingAddressLine2: null }, entityName: "Maple Ltd" };
    expect(auditSentence(unknown, words)).toBe("olivia.bennett@hartwell-holdings.example cleared Maple Ltd’s billing address line 2 (it was Unit 4)");
  });

  it("writes amounts in pounds and yes/no in words, and adds a reason given", () => {
    const price = { ...base, action: "Changed priceOverride", oldValue: { priceOverride: 5500 }, newValue: { priceOverride: 4500, reason: "Agreed discount." }, actorName: "Tom Reid", entityName: "Ewan Stewart" };
    expect(auditSentence(price, words)).toBe("Tom Reid changed Ewan Stewart’s price from £55.00 to £45.00. Reason: Agreed discount.");
    const vat = { ...base, auditType: "ClientModified", entityType: "Client", action: "Changed vatExempt", oldValue: { vatExempt: false }, newValue: { vatExempt: true }, entityName: "Maple Ltd", actorName: "Tom Reid" };
    expect(auditSentence(vat, words)).toBe("Tom Reid changed Maple Ltd’s VAT exemption from no to yes");
  });

  it("names the portal, a visitor and the API for actors that are not people", () => {
    const entry = { ...base, action: "Changed idvNumber", user: "system", oldValue: { idvNumber: null }, newValue: { idvNumber: "IDV-1" }, entityName: "James Whitaker" };
    expect(auditSentence(entry, words)).toBe("The portal set James Whitaker’s identity check number to IDV-1");
    expect(auditSentence({ ...entry, user: "api-key" }, words)).toMatch(/^A system using the admin API set/);
  });

  it("says a deletion with its reason", () => {
    const entry = { ...base, auditType: "DirectorDeleted", action: "Director Ewan Stewart deleted", oldValue: { isDeleted: false }, newValue: { isDeleted: true, deleteReason: "Resigned last week." }, actorName: "Olivia Bennett", entityName: "Ewan Stewart" };
    expect(auditSentence(entry, words)).toBe("Olivia Bennett deleted Ewan Stewart. Reason: Resigned last week.");
  });

  it("turns actions recorded as names into sentences, and keeps sentences as they are", () => {
    expect(auditSentence({ ...base, action: "EvidenceUploaded", actorName: "James Whitaker", entityName: "James Whitaker" }, words)).toBe("James Whitaker uploaded a document for James Whitaker");
    expect(auditSentence({ ...base, action: "SomethingNew", auditType: "YotiCompleted" }, words)).toBe("Identity check completed");
    expect(auditSentence({ ...base, action: "Card payment received", auditType: "ClientPaymentSuccessful" }, words)).toBe("Card payment received");
  });

  it("names a structure's field without spelling the structure out", () => {
    const entry = { ...base, action: "Changed formerNames", oldValue: { formerNames: [{ name: "A" }] }, newValue: { formerNames: [] }, actorName: "Tom Reid", entityName: "Ewan Stewart" };
    expect(auditSentence(entry, words)).toBe("Tom Reid changed Ewan Stewart’s former names");
  });
});

describe("wordsOfField", () => {
  it("spells a field name out in words", () => {
    expect(wordsOfField("billingAddressLine1")).toBe("billing address line 1");
    expect(wordsOfField("lastIDVReminderDate")).toBe("last IDV reminder date");
    expect(wordsOfField("sessionID")).toBe("session ID");
    expect(wordsOfField("notes")).toBe("notes");
  });
});

describe("shownValue", () => {
  it("shows amounts of money in pounds and other values as recorded", () => {
    expect(shownValue("unitPrice", 5500, words)).toBe("£55.00");
    expect(shownValue("priceOverride", null, words)).toBeNull();
    expect(shownValue("reminderCount", 3, words)).toBe(3);
  });
});
