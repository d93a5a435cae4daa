// Stripe's request bodies are `application/x-www-form-urlencoded` with nested parameters written in
// bracket notation, as the official SDK encodes them:
//   line_items[0][price_data][unit_amount]=5000&metadata[clientReference]=AB12&expand[]=line_items
// This module turns such a body into a tree. It is deliberately strict (Stripe answers 400 to a
// malformed body rather than guessing) and builds every level on null-prototype objects, so a
// parameter named `__proto__` or `constructor` is just a key.

/** A parsed parameter: a string leaf or a level of named (or numbered) children. */
export type FormValue = string | FormRecord;
export interface FormRecord {
  [key: string]: FormValue;
}

/** A body Stripe would refuse; `param` names the parameter at fault. */
export class FormError extends Error {
  constructor(message: string, public readonly param?: string) {
    super(message);
    this.name = "FormError";
  }
}

const MAX_PARAMS = 2_000;
const MAX_DEPTH = 8;

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    throw new FormError(`Invalid URL encoding in ${what}.`);
  }
}

/** `a[b][0][]` → ["a", "b", "0", ""]; a key that is not a name followed by bracket groups is refused. */
export function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open === -1) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const groups = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let m = groups.exec(rest); m; m = groups.exec(rest)) {
    if (m.index !== consumed) break;
    segments.push(m[1]!);
    consumed = m.index + m[0].length;
  }
  if (consumed !== rest.length || segments[0] === "") throw new FormError(`Invalid parameter name: ${key}`, key);
  return segments;
}

/**
 * Parses a form-encoded body into nested records. `[]` appends (its index is the number of children
 * so far). Assigning a value where a nested level exists, or nesting under a value, is refused, as
 * Stripe refuses `metadata=x&metadata[a]=y`. A repeated plain key keeps the last value.
 */
export function parseForm(body: string): FormRecord {
  const root: FormRecord = Object.create(null);
  if (body === "") return root;
  const pairs = body.split("&").filter((p) => p !== "");
  if (pairs.length > MAX_PARAMS) throw new FormError(`Too many parameters (more than ${MAX_PARAMS}).`);
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const key = decode(eq === -1 ? pair : pair.slice(0, eq), "a parameter name");
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1), key);
    const segments = splitKey(key);
    if (segments.length > MAX_DEPTH + 1) throw new FormError(`Parameter nested too deeply: ${key}`, key);
    let level = root;
    for (let i = 0; i < segments.length; i++) {
      let name = segments[i]!;
      if (name === "" && i > 0) name = String(Object.keys(level).length);
      const last = i === segments.length - 1;
      const existing = level[name];
      if (last) {
        if (existing !== undefined && typeof existing !== "string") throw new FormError(`Invalid hash: ${key} is given both a value and nested parameters.`, key);
        level[name] = value;
      } else {
        if (typeof existing === "string") throw new FormError(`Invalid hash: ${key} is given both a value and nested parameters.`, key);
        if (existing === undefined) level[name] = Object.create(null) as FormRecord;
        level = level[name] as FormRecord;
      }
    }
  }
  return root;
}

/**
 * Reads a parsed level as an array, as Stripe does for list parameters (`line_items[0]`,
 * `line_items[1]`, or `expand[]`): every key must be a whole number; order is by number.
 */
export function asList(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined) return [];
  if (typeof value === "string") throw new FormError(`Invalid array: ${param} must be a list.`, param);
  const keys = Object.keys(value);
  if (!keys.every((k) => /^(0|[1-9]\d{0,3})$/.test(k))) throw new FormError(`Invalid array: ${param} must be a list.`, param);
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]!);
}

/**
 * A canonical text of a parsed body (keys sorted at every level), so that two requests can be
 * compared for "the same parameters" whatever order their fields came in.
 */
export function canonical(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
    .join(",")}}`;
}
