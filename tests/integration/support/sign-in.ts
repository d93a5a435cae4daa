import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { POST as sendLink } from "@/app/api/send-link/route";
import { listMessages } from "@/lib/integrations/email/mailbox-store";
import { getJobQueue } from "@/lib/jobs/queue";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { human, jsonRequest } from "./requests";

export { human };

export const contact = { email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP" };
export const otherContact = { email: "kate.holloway@northgate-property.example", reference: "NPS6R2WD" };
export const director = { email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM" };

export async function clearRateLimits() {
  await (await getDb()).execute(sql`delete from rate_limits`);
}

let ipCounter = 1;
/** A fresh client address, so tests do not share the per-IP limit unless they mean to. */
export function freshIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

/** Asks for a link, delivers the outbox into the capture mailbox, and returns the emailed token. */
export async function emailedToken(who: { email: string; reference: string }): Promise<string> {
  const res = await sendLink(jsonRequest("/api/send-link", { ...human, ...who }, { headers: { [CLIENT_ADDRESS_HEADER]: freshIp() } }));
  if (res.status !== 200) throw new Error(`send-link answered ${res.status}`);
  await workDueJobs(await getJobQueue());
  const mail = listMessages(process.env.MAILBOX_DIR!).find((m) => m.to.includes(who.email));
  const match = mail?.text.match(/\/api\/enter\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no sign-in email for ${who.email}`);
  return match[1]!;
}

/** The value of a Set-Cookie for `name`, or undefined. */
export function setCookieValue(res: Response, name: string): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header?.slice(name.length + 1).split(";")[0];
}
