// The Managed tier returns the personal codes together: the main contact is emailed once the client
// is Completed (lib/server/clients/on-client-completed.ts, called by the client-status writer; here
// directly), and the contact's export and the admins' export carry the codes.
import { eq } from "drizzle-orm";
import { GET as ownExportRoute } from "@/app/api/director-verification/company/directors-export/route";
import { GET as clientDirectorsExport } from "@/app/api/admin/director-verification/clients/[id]/directors-export/route";
import { getDb } from "@/db";
import { directors, type NewClient } from "@/db/schema";
import { getJobQueue } from "@/lib/jobs/queue";
import { onClientCompleted } from "@/lib/server/clients/on-client-completed";
import { sealPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { insertClientWithDirectors } from "../support/factories";
import { parseCsv } from "../support/parse-csv";
import { apiRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asContact, withApiKey } from "./support/test-users";

setupTestDb({ seed: false });
beforeAll(async () => void (await getJobQueue()));

type EmailJob = { to: string; subject: string; text: string; html: string };

/** A client of three individuals: Complete with a code, AwaitingAuthCode with a code stored anyway, and one awaiting ID info. */
async function clientWithCodes(client: Partial<NewClient>) {
  const db = await getDb();
  const made = await insertClientWithDirectors(db, {
    client,
    directors: [{ name: "Complete Person", status: "Complete" }, { name: "Waiting Person", status: "AwaitingAuthCode" }, { name: "New Person" }],
  });
  const codes = ["AB12CD34EF5", "ZZ98YY76XX5"];
  for (const [i, code] of codes.entries()) {
    const d = made.directors[i]!;
    await db.update(directors).set({ companiesHouseCode: sealPersonalCode(code, d.id) }).where(eq(directors.id, d.id));
  }
  return { ...made, codes };
}

async function csvOf(res: Response) {
  expect(res.status).toBe(200);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer())).slice(1);
  const [header, ...rows] = parseCsv(text);
  return { header: header!, rows, text };
}

describe("onClientCompleted", () => {
  const emails = async (key: string) => (await getJobQueue()).boss.findJobs<EmailJob>("email.send", { key });

  it("a Managed client completed: the main contact is told every code is ready, without the codes; once per completion", async () => {
    const db = await getDb();
    const { client, codes } = await clientWithCodes({ productTier: "Managed", status: "Completed" });
    const at = new Date("2026-03-04T10:00:00Z");
    await db.transaction((tx) => onClientCompleted(tx, { clientId: client.id, at }));
    await db.transaction((tx) => onClientCompleted(tx, { clientId: client.id, at }));
    const sent = await emails(`codes-ready:${client.id}:${at.toISOString()}`);
    expect(sent).toHaveLength(1);
    const { to, subject, text, html } = sent[0]!.data;
    expect(to).toBe(client.mainContactEmail);
    expect(subject).toBe(`Every personal code for ${client.name} is ready`);
    expect(text).toContain("the codes are not in this email");
    expect(text).toContain("Export to CSV");
    expect(text).toContain(client.reference);
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(html).not.toContain(code);
    }
    // Completed again later (an individual was added, then finished): told again.
    const later = new Date("2026-05-01T09:30:00Z");
    await db.transaction((tx) => onClientCompleted(tx, { clientId: client.id, at: later }));
    expect(await emails(`codes-ready:${client.id}:${later.toISOString()}`)).toHaveLength(1);
  });

  it.each([
    ["a OneOff client", { productTier: "OneOff", status: "Completed" }],
    ["a Managed client that is not Completed", { productTier: "Managed", status: "InProgress" }],
    ["a deleted client", { productTier: "Managed", status: "Completed", isDeleted: true }],
  ] as const)("%s: no email", async (_, client) => {
    const db = await getDb();
    const made = await clientWithCodes(client);
    const at = new Date();
    await db.transaction((tx) => onClientCompleted(tx, { clientId: made.client.id, at }));
    expect(await emails(`codes-ready:${made.client.id}:${at.toISOString()}`)).toHaveLength(0);
  });
});

describe("the contact's export", () => {
  const ownExport = (client: { mainContactEmail: string; reference: string }) => ownExportRoute(apiRequest("/api/director-verification/company/directors-export", { headers: asContact(client) }));

  it("of a Managed client carries each Complete individual's personal code, and no other's", async () => {
    const { client, codes } = await clientWithCodes({ productTier: "Managed", status: "InProgress" });
    const { header, rows } = await csvOf(await ownExport(client));
    expect(header).toEqual(["Name", "Email", "Status", "Added (UTC)", "Personal code"]);
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      ["Complete Person", codes[0]],
      ["Waiting Person", ""],
      ["New Person", ""],
    ]);
  });

  it("of a OneOff client has no personal codes", async () => {
    const { client, codes } = await clientWithCodes({ productTier: "OneOff", status: "InProgress" });
    const { header, text } = await csvOf(await ownExport(client));
    expect(header).toEqual(["Name", "Email", "Status", "Added (UTC)"]);
    for (const code of codes) expect(text).not.toContain(code);
  });
});

describe("the admins' export", () => {
  it("carries each individual's personal code, decrypted", async () => {
    const { client, directors: ds, codes } = await clientWithCodes({ productTier: "Managed", status: "InProgress" });
    const res = await clientDirectorsExport(apiRequest(`/api/admin/director-verification/clients/${client.id}/directors-export`, { headers: withApiKey() }), routeParams({ id: client.id }));
    const { header, rows, text } = await csvOf(res);
    const column = header.indexOf("Personal code");
    expect(column).toBeGreaterThan(-1);
    const byId = new Map(rows.map((r) => [Number(r[header.indexOf("Individual ID")]), r[column]]));
    expect([byId.get(ds[0]!.id), byId.get(ds[1]!.id), byId.get(ds[2]!.id)]).toEqual([codes[0], codes[1], ""]);
    expect(text).not.toContain("pc1:");
  });
});
