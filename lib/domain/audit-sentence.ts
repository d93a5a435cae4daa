/**
 * An audit entry as one sentence for people (the audit area and the client and individual history
 * panels): "Olivia Bennett changed James Whitaker’s email address from a@x.example to b@x.example",
 * "Status of James Whitaker changed from Under review to Waiting for personal code (review
 * approved)". Field names in words, statuses by their label, amounts in pounds, never an enum or
 * camelCase name. The stored entry is untouched: it is the record; this is only how it reads.
 *
 * Pure: the words come from the caller (`AuditWords`, backed by messages `auditSentence.*`).
 */

export interface AuditSentenceEntry {
  action: string;
  auditType: string;
  entityType: string;
  user: string | null;
  oldValue: unknown;
  newValue: unknown;
  /** The actor's name when known (a staff member's, a contact's or an individual's). */
  actorName?: string | null;
  /** The entity's name when known (the client's or the individual's). */
  entityName?: string | null;
}

export type AuditValues = Record<string, string | number>;

export interface AuditWords {
  /** The message at `key` (under `auditSentence`), or undefined when there is none. */
  say(key: string, values?: AuditValues): string | undefined;
  /** An amount of integer pence in pounds ("£55.00"). */
  money(pence: number): string;
}

/** Fields whose values are integer pence. */
const MONEY_FIELDS = new Set(["unitPrice", "standardUnitPrice", "fullPrice", "standardFullPrice", "priceOverride", "amountDue", "amount"]);
/** Fields whose values are statuses (by the entity's kind). */
const STATUS_FIELDS = new Set(["status", "statusOriginal", "statusOverride"]);
/** Whether a field's values are amounts of integer pence (shown in pounds wherever they appear). */
export function isMoneyField(field: string): boolean {
  return MONEY_FIELDS.has(field);
}

/** A recorded value as people read it: amounts of money in pounds, anything else as recorded. */
export function shownValue(field: string, value: unknown, words: Pick<AuditWords, "money">): unknown {
  return typeof value === "number" && Number.isFinite(value) && MONEY_FIELDS.has(field) ? words.money(value) : value;
}

/** Audit actors that are not a person's email. */
const SPECIAL_ACTORS: Record<string, string> = { system: "actors.system", anonymous: "actors.anonymous", "api-key": "actors.apiKey" };
const MAX_VALUE = 120;

/** "billingAddressLine1" → "billing address line 1": the last resort for a field without a label. */
export function wordsOfField(field: string): string {
  return field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/[_.]+/g, " ")
    .split(" ")
    .map((w) => (/^[A-Z]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()))
    .join(" ")
    .trim();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_VALUE ? `${oneLine.slice(0, MAX_VALUE - 1)}…` : oneLine;
}

/** Who did it, in words. */
export function auditActor(entry: Pick<AuditSentenceEntry, "user" | "actorName">, words: AuditWords): string {
  if (entry.actorName) return entry.actorName;
  const special = entry.user ? SPECIAL_ACTORS[entry.user] : undefined;
  if (special) return words.say(special) ?? entry.user!;
  return entry.user ?? words.say("actors.unknown") ?? "";
}

/** What it was done to, in words ("James Whitaker", or "the individual" when the name is not known). */
export function auditEntity(entry: Pick<AuditSentenceEntry, "entityType" | "entityName">, words: AuditWords): string {
  if (entry.entityName) return entry.entityName;
  return words.say(`entities.${entry.entityType}`) ?? words.say("entities.other") ?? entry.entityType;
}

/** A field's name in words. */
export function auditField(field: string, words: AuditWords): string {
  return words.say(`fields.${field}`) ?? wordsOfField(field);
}

/** One value in words, or undefined when it is empty (or a structure not worth spelling out). */
export function auditValue(field: string, value: unknown, entityType: string, words: AuditWords): string | undefined | null {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "boolean") return words.say(value ? "yes" : "no") ?? String(value);
  if (typeof value === "number" && MONEY_FIELDS.has(field) && Number.isFinite(value)) return words.money(value);
  if (typeof value === "string") {
    if (STATUS_FIELDS.has(field)) return words.say(`statuses.${entityType === "Client" ? "client" : "director"}.${value}`) ?? truncate(value);
    if (field === "productTier" || field === "journey") return words.say(`statuses.${field}.${value}`) ?? truncate(value);
    return truncate(value);
  }
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.length ? truncate(value.join(", ")) : undefined;
  return null; // a structure: the sentence names the field without its values
}

/**
 * The single changed field of a "Changed <field>" entry, if this is one ("Status changed…" entries
 * of older data carry the status the same way).
 */
function changedField(entry: AuditSentenceEntry): string | undefined {
  if (/^Status changed\b/.test(entry.action) && isRecord(entry.newValue) && Object.hasOwn(entry.newValue, "status")) return "status";
  const m = /^Changed (\S+)$/.exec(entry.action);
  if (!m) return undefined;
  const field = m[1]!;
  return isRecord(entry.newValue) && Object.hasOwn(entry.newValue, field) ? field : isRecord(entry.oldValue) && Object.hasOwn(entry.oldValue, field) ? field : undefined;
}

/** Why a status moved: the event in words, and the reason given. */
function statusWhy(newValue: Record<string, unknown>, words: AuditWords): string | undefined {
  const event = typeof newValue.event === "string" ? words.say(`events.${newValue.event}`) : undefined;
  const reason = typeof newValue.reason === "string" && newValue.reason.trim() ? truncate(newValue.reason) : undefined;
  if (event && reason) return words.say("why.eventAndReason", { event, reason });
  return event ?? reason;
}

/** The sentence of one audit entry. */
export function auditSentence(entry: AuditSentenceEntry, words: AuditWords): string {
  const actor = auditActor(entry, words);
  const entity = auditEntity(entry, words);

  const field = changedField(entry);
  if (field) {
    const oldValue = isRecord(entry.oldValue) ? entry.oldValue[field] : undefined;
    const newRecord = isRecord(entry.newValue) ? entry.newValue : {};
    const from = auditValue(field, oldValue, entry.entityType, words);
    const to = auditValue(field, newRecord[field], entry.entityType, words);
    const empty = words.say("empty") ?? "";
    if (field === "status") {
      const said = /^Status changed: (.+)$/.exec(entry.action)?.[1];
      const why = statusWhy(newRecord, words) ?? (said ? truncate(said) : undefined);
      const values = { entity, from: from ?? empty, to: to ?? empty };
      return (why ? words.say("status.changedWhy", { ...values, why }) : words.say("status.changed", values)) ?? entry.action;
    }
    const name = auditField(field, words);
    const values = { actor, entity, field: name };
    let sentence: string | undefined;
    if (from === null || to === null) sentence = words.say("field.changed", values);
    else if (from === undefined && to === undefined) sentence = words.say("field.changed", values);
    else if (from === undefined) sentence = words.say("field.set", { ...values, to: to! });
    else if (to === undefined) sentence = words.say("field.cleared", { ...values, from });
    else sentence = words.say("field.changedFromTo", { ...values, from, to });
    const why = field === "statusOverride" || field === "statusOriginal" || field === "statusOverrideReason" ? undefined : statusWhy({ reason: newRecord.reason }, words);
    return (why && sentence ? words.say("withReason", { sentence, reason: why }) : sentence) ?? entry.action;
  }

  if (entry.auditType === "ClientDeleted" || entry.auditType === "DirectorDeleted") {
    const reason = isRecord(entry.newValue) && typeof entry.newValue.deleteReason === "string" ? truncate(entry.newValue.deleteReason) : undefined;
    const sentence = words.say("deleted", { actor, entity });
    return (reason && sentence ? words.say("withReason", { sentence, reason }) : sentence) ?? entry.action;
  }

  // Actions recorded as a name (EvidenceUploaded, YotiMediaKept, ...) have a sentence of their own.
  const named = /^[A-Za-z]+$/.test(entry.action) ? words.say(`actions.${entry.action}`, { actor, entity }) : undefined;
  if (named) return named;
  // A name without a sentence is never shown as it is: the entry's type says what happened.
  if (/^[A-Z][a-z]+(?:[A-Z][a-z]*)+$/.test(entry.action)) return words.say(`types.${entry.auditType}`) ?? wordsOfField(entry.action);
  // Other actions are written as sentences already ("Card payment received", "Invoice INV-1 raised in Sage").
  return entry.action;
}
