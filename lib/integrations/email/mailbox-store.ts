import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The local capture mailbox (development and tests only): one JSON file a message in a folder.
 * Written by the capture transport (no SMTP_URL) and by the capture SMTP server
 * (`npm run mailbox`); read by the development mailbox page and by tests.
 */
export interface CapturedMessage {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const idPattern = /^[0-9]{13}-[a-f0-9]{12}$/;

export function storeMessage(dir: string, message: Omit<CapturedMessage, "id" | "receivedAt">): CapturedMessage {
  fs.mkdirSync(dir, { recursive: true });
  const stored: CapturedMessage = {
    id: `${Date.now()}-${crypto.randomBytes(6).toString("hex")}`,
    receivedAt: new Date().toISOString(),
    ...message,
  };
  const file = path.join(dir, `${stored.id}.json`);
  // Write then rename, so a reader never sees half a message.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(stored));
  fs.renameSync(`${file}.tmp`, file);
  return stored;
}

/** Newest first. */
export function listMessages(dir: string, limit = 200): CapturedMessage[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && idPattern.test(f.slice(0, -5)))
    .sort()
    .reverse()
    .slice(0, limit)
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as CapturedMessage);
}

export function readMessage(dir: string, id: string): CapturedMessage | undefined {
  if (!idPattern.test(id)) return undefined;
  const file = path.join(dir, `${id}.json`);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8")) as CapturedMessage;
}
