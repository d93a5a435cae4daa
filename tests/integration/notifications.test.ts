import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { notifications, users } from "@/db/schema";
import { GET as listGet } from "@/app/api/admin/notifications/route";
import { POST as readPost } from "@/app/api/admin/notifications/[id]/read/route";
import { POST as readAllPost } from "@/app/api/admin/notifications/read-all/route";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { insertNotification } from "../support/factories";
import { apiRequest, ORIGIN, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { anonymous, asAdmin, asContact, demo, withApiKey } from "./support/test-users";

setupTestDb();

const ADMIN = asAdmin();
const OTHER_ADMIN = asAdmin(demo.otherAdmin);

interface Item {
  id: number;
  message: string;
  clientId: number | null;
  directorId: number | null;
  timestamp: string;
  read: boolean;
  readBy: string | null;
  readAt: string | null;
  isMine: boolean;
  link: string | null;
}

function list(headers = ADMIN) {
  return listGet(apiRequest("/api/admin/notifications", { headers }));
}

async function items(headers = ADMIN): Promise<Item[]> {
  const res = await list(headers);
  expect(res.status).toBe(200);
  return (await res.json()) as Item[];
}

/** A POST from `origin` (null: a machine client, which sends none). */
const post = (path: string, headers: Record<string, string>, origin: string | null) => apiRequest(path, { method: "POST", headers: { ...headers, ...(origin ? { origin } : {}) } });

function markRead(id: string | number, headers = ADMIN, origin: string | null = ORIGIN) {
  return readPost(post(`/api/admin/notifications/${id}/read`, headers, origin), routeParams({ id }));
}

function markAll(headers = ADMIN, origin: string | null = ORIGIN) {
  return readAllPost(post("/api/admin/notifications/read-all", headers, origin));
}

let adminId: number;
let otherAdminId: number;
let mineId: number;
let theirsId: number;
let everyoneId: number;

beforeAll(async () => {
  const db = await getDb();
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [demo.admin, demo.otherAdmin]));
  adminId = staff.find((s) => s.email === demo.admin)!.id;
  otherAdminId = staff.find((s) => s.email === demo.otherAdmin)!.id;
  mineId = (await insertNotification(db, { message: "For the administrator only", recipient: adminId, link: "/administration/audit" })).id;
  theirsId = (await insertNotification(db, { message: "For Sarah only", recipient: otherAdminId })).id;
  everyoneId = (await insertNotification(db, { message: "For every admin", recipient: null })).id;
});

describe("GET /api/admin/notifications", () => {
  it("lists the admin's notifications and those for every admin, newest first, with the spec's fields", async () => {
    const list = await items();
    expect(list.length).toBeGreaterThan(3);
    expect(list.length).toBeLessThanOrEqual(50);
    const ids = list.map((n) => n.id);
    expect(ids).toContain(mineId);
    expect(ids).toContain(everyoneId);
    expect(ids).not.toContain(theirsId);
    const stamps = list.map((n) => Date.parse(n.timestamp));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
    const mine = list.find((n) => n.id === mineId)!;
    expect(Object.keys(mine).sort()).toEqual(["clientId", "directorId", "id", "isMine", "link", "message", "read", "readAt", "readBy", "timestamp"]);
    expect(mine).toMatchObject({ message: "For the administrator only", isMine: true, read: false, readBy: null, readAt: null, link: "/administration/audit" });
    expect(list.find((n) => n.id === everyoneId)!.isMine).toBe(false);
  });

  it("shows each admin their own: Sarah sees hers and not the administrator's", async () => {
    const ids = (await items(OTHER_ADMIN)).map((n) => n.id);
    expect(ids).toContain(theirsId);
    expect(ids).toContain(everyoneId);
    expect(ids).not.toContain(mineId);
  });

  it("shows a machine client (api-key) only the notifications for every admin", async () => {
    const list = await items(withApiKey());
    expect(list.map((n) => n.id)).toContain(everyoneId);
    expect(list.map((n) => n.id)).not.toContain(mineId);
    expect(list.every((n) => !n.isMine)).toBe(true);
  });

  it("is for admins only", async () => {
    expect((await list(anonymous)).status).toBe(401);
    expect((await list(asContact())).status).toBe(403);
  });
});

describe("POST /api/admin/notifications/{id}/read", () => {
  it("marks one read with who and when, and keeps the first reader when repeated", async () => {
    const res = await markRead(everyoneId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const db = await getDb();
    const [row] = await db.select().from(notifications).where(eq(notifications.id, everyoneId));
    expect(row).toMatchObject({ read: true, readBy: "admin@portal.example" });
    expect(Date.now() - row!.readAt!.getTime()).toBeLessThan(60_000);

    expect((await markRead(everyoneId, OTHER_ADMIN)).status).toBe(200);
    const [again] = await db.select().from(notifications).where(eq(notifications.id, everyoneId));
    expect(again!.readBy).toBe("admin@portal.example");
    expect(again!.readAt).toEqual(row!.readAt);

    const listed = (await items()).find((n) => n.id === everyoneId)!;
    expect(listed).toMatchObject({ read: true, readBy: "admin@portal.example" });
    expect(listed.readAt).toBe(row!.readAt!.toISOString());
  });

  it("records api-key as the reader for a machine client", async () => {
    const db = await getDb();
    const n = await insertNotification(db, { message: "For the machine to read" });
    expect((await markRead(n.id, withApiKey(), null)).status).toBe(200);
    const [row] = await db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row).toMatchObject({ read: true, readBy: "api-key" });
  });

  it("answers 404 for someone else's notification, an unknown id or a malformed one, and changes nothing", async () => {
    expect((await markRead(theirsId)).status).toBe(404);
    expect((await markRead(999_999_999)).status).toBe(404);
    expect((await markRead("abc")).status).toBe(404);
    expect((await markRead("1e3")).status).toBe(404);
    const [row] = await (await getDb()).select().from(notifications).where(eq(notifications.id, theirsId));
    expect(row!.read).toBe(false);
  });

  it("refuses other sites (403) and other roles", async () => {
    expect((await markRead(mineId, ADMIN, "https://evil.example")).status).toBe(403);
    expect((await markRead(mineId, asContact())).status).toBe(403);
    expect((await markRead(mineId, anonymous)).status).toBe(401);
    const [row] = await (await getDb()).select().from(notifications).where(eq(notifications.id, mineId));
    expect(row!.read).toBe(false);
  });
});

describe("POST /api/admin/notifications/read-all", () => {
  it("marks every notification the admin sees as read, and nobody else's", async () => {
    expect((await markAll(ADMIN, "https://evil.example")).status).toBe(403);
    const res = await markAll();
    expect(res.status).toBe(200);
    const json = (await res.json()) as { success: boolean; count: number };
    expect(json.success).toBe(true);
    expect(json.count).toBeGreaterThan(0);
    expect((await items()).every((n) => n.read)).toBe(true);
    const db = await getDb();
    const [theirs] = await db.select().from(notifications).where(eq(notifications.id, theirsId));
    expect(theirs!.read).toBe(false);
    const [mine] = await db.select().from(notifications).where(eq(notifications.id, mineId));
    expect(mine).toMatchObject({ read: true, readBy: "admin@portal.example" });
    expect(((await (await markAll()).json()) as { count: number }).count).toBe(0);
  });
});

describe("notifyAdmins", () => {
  it("notifies every admin, links to the client page, and notifies once per dedupe key", async () => {
    const db = await getDb();
    const [client] = await db.query.clients.findMany({ columns: { id: true }, limit: 1 });
    await notifyAdmins({ db, message: "Payment received from a client", clientId: client!.id, dedupeKey: "it-notify-admins" });
    await notifyAdmins({ db, message: "Payment received from a client", clientId: client!.id, dedupeKey: "it-notify-admins" });
    const rows = await db.select().from(notifications).where(eq(notifications.dedupeKey, "it-notify-admins"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: null, clientId: client!.id, read: false, link: `/administration/client-management/${client!.id}` });
    const [newest] = await items(OTHER_ADMIN);
    expect(newest).toMatchObject({ message: "Payment received from a client", isMine: false });
  });

  it("keeps an explicit link and can address one admin", async () => {
    const db = await getDb();
    await notifyAdmins({ db, message: "Job failed", link: "/administration/audit?auditType=errors", recipient: otherAdminId, dedupeKey: "it-notify-one" });
    const [row] = await db.select().from(notifications).where(eq(notifications.dedupeKey, "it-notify-one"));
    expect(row).toMatchObject({ recipient: otherAdminId, link: "/administration/audit?auditType=errors", clientId: null });
    expect((await items(OTHER_ADMIN)).find((n) => n.id === row!.id)?.isMine).toBe(true);
    expect((await items()).find((n) => n.id === row!.id)).toBeUndefined();
  });

  it("leaves createNotification's contract as it was", async () => {
    const db = await getDb();
    await createNotification(db, { message: "Plain", dedupeKey: "it-plain" });
    const [row] = await db.select().from(notifications).where(eq(notifications.dedupeKey, "it-plain"));
    expect(row).toMatchObject({ message: "Plain", link: null, recipient: null });
  });
});
