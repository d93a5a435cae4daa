/**
 * A message catalogue as the code holds it: namespaces of messages. In the Next.js build a message
 * is precompiled (next.config.ts): a string when it has no arguments, an array otherwise; elsewhere
 * (tests, scripts) it is the text.
 */
export type Message = string | unknown[];
export type MessageTree = { [key: string]: Message | MessageTree };

export const isMessage = (value: unknown): value is Message => typeof value === "string" || Array.isArray(value);
