import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { directors, directorStatusValues, type Director, type DirectorStatus } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { directorStatusLifecycleOrder } from "@/lib/domain/values";
import { getClient } from "@/lib/server/clients/get-client";
import { getClientDetail } from "@/lib/server/clients/get-client-detail";
import { CLIENT_PAGE_DIRECTORS_PER_PAGE, listClientDirectors } from "@/lib/server/clients/list-client-directors";
import { sealPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { insertAddress, insertAuditEntry, insertCheck, insertClientWithDirectors, insertFile, insertMedia } from "../support/factories";
import { adminPrincipal } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

/*
 * The admin client page's list of individuals: one page of 25 read in SQL (listClientDirectors,
 * through getClientDetail) with the counts the page shows, the same as the client's full list
 * (getClient) filtered, ordered and cut in memory would give.
 */

const admin = adminPrincipal();
const SIZE = CLIENT_PAGE_DIRECTORS_PER_PAGE;
const STATUSES: DirectorStatus[] = ["AwaitingIDInfo", "Verified", "OutstandingIDInfo", "Complete"];

/** The page's order: name, then id (two individuals share each name below). */
const byNameThenId = (a: Pick<Director, "name" | "id">, b: Pick<Director, "name" | "id">) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

let clientId: number;
let people: Director[];

beforeAll(async () => {
  const db = await getDb();
  // 64 individuals inserted out of name order, two per name, four statuses; every 5th deleted.
  const made = await insertClientWithDirectors(db, {
    client: { status: "InProgress" },
    directors: Array.from({ length: 64 }, (_, i) => ({
      name: `Person ${String((i * 37) % 32).padStart(2, "0")}`,
      status: STATUSES[i % STATUSES.length]!,
      isDeleted: i % 5 === 0,
      deleteReason: i % 5 === 0 ? "Left the company" : null,
    })),
  });
  clientId = made.client.id;
  // A personal code stored as the portal stores it (sealed), which staff see in full.
  await db.update(directors).set({ companiesHouseCode: sealPersonalCode("ab12cd34ef5", made.directors[1]!.id) }).where(eq(directors.id, made.directors[1]!.id));
  people = made.directors;
});

const detail = async (view: Parameters<typeof getClientDetail>[0]["view"] = {}) => getClientDetail({ db: await getDb(), user: admin, id: clientId, view });
const idsOf = (list: readonly { id: number }[]) => list.map((d) => d.id);
const expected = (keep: (d: Director) => boolean) => people.filter(keep).sort(byNameThenId);
const live = (d: Director) => !d.isDeleted;

describe("the client page's individuals, one page in SQL", () => {
  it("gives page 1 and a later page of 25 live individuals in name order, with the pager and counts", async () => {
    const all = expected(live);
    expect(all).toHaveLength(51);
    const first = await detail();
    expect(idsOf(first.directors)).toEqual(idsOf(all.slice(0, SIZE)));
    expect(first.directorsPager).toEqual({ totalPages: 3, totalCount: 51, itemFromNo: 1, itemToNo: 25, currentPage: 1, pageSize: SIZE });
    expect(first.directorTotals).toEqual({ all: 64, deleted: 13 });

    const third = await detail({ page: 3 });
    expect(idsOf(third.directors)).toEqual(idsOf(all.slice(50)));
    expect(third.directorsPager).toMatchObject({ totalCount: 51, itemFromNo: 51, itemToNo: 51, currentPage: 3 });
    const second = await detail({ page: 2 });
    expect(idsOf(second.directors)).toEqual(idsOf(all.slice(SIZE, 2 * SIZE)));
  });

  it("shows nothing on a page past the last, keeping the counts for the way back", async () => {
    const past = await detail({ page: 4 });
    expect(past.directors).toEqual([]);
    expect(past.directorsPager).toEqual({ totalPages: 3, totalCount: 51, itemFromNo: 0, itemToNo: 0, currentPage: 4, pageSize: SIZE });
    expect((await detail({ page: 100_000 })).directors).toEqual([]);
  });

  it("filters by status, and counts only the matching individuals for the pager", async () => {
    for (const status of directorStatusValues) {
      const want = expected((d) => live(d) && d.status === status);
      const got = await detail({ status });
      expect(idsOf(got.directors)).toEqual(idsOf(want.slice(0, SIZE)));
      expect(got.directorsPager.totalCount).toBe(want.length);
      expect(got.directors.every((d) => d.status === status && !d.isDeleted)).toBe(true);
    }
  });

  it("lists deleted individuals only with the toggle, marked, in the same order", async () => {
    expect((await detail({ page: 1 })).directors.some((d) => d.isDeleted)).toBe(false);
    const everyone = expected(() => true);
    const pages = await Promise.all([1, 2, 3].map((page) => detail({ showDeleted: true, page })));
    expect(pages.flatMap((p) => idsOf(p.directors))).toEqual(idsOf(everyone));
    expect(pages[0]!.directorsPager).toMatchObject({ totalCount: 64, totalPages: 3 });
    expect(pages.flatMap((p) => p.directors).filter((d) => d.isDeleted)).toHaveLength(13);

    const verifiedAll = expected((d) => d.status === "Verified");
    const verified = await detail({ status: "Verified", showDeleted: true });
    expect(idsOf(verified.directors)).toEqual(idsOf(verifiedAll));
    expect(verified.directorsPager.totalCount).toBe(verifiedAll.length);
  });

  it("gives the client, its directorCount and statusStats, and each individual on the page, as getClient does", async () => {
    const db = await getDb();
    const full = await getClient({ db, user: admin, id: clientId });
    const { directors: fullList, ...fullClient } = full;
    const page = await detail({ showDeleted: true, page: 1 });
    expect(page.client).toEqual(fullClient);
    expect(page.client.directorCount).toBe(51);
    const inOrder = directorStatusLifecycleOrder.filter((s) => STATUSES.includes(s));
    expect(page.client.statusStats.map((s) => [s.value, s.count])).toEqual(inOrder.map((s) => [s, people.filter((d) => live(d) && d.status === s).length]));
    const byId = new Map(fullList.map((d) => [d.id, d]));
    for (const d of page.directors) {
      const { directorChecks, directorMedias, directorAddresses, directorFiles, sov, audit, verifyBy, ...row } = d;
      expect(row).toEqual(byId.get(d.id));
      // No date binds these individuals (verify-by-views.test.ts has those that one does).
      expect(verifyBy).toBeNull();
      expect(row).not.toHaveProperty("sessionToken");
      expect(row).not.toHaveProperty("sessionUrl");
      expect([directorChecks, directorMedias, directorAddresses, directorFiles, audit]).toEqual([[], [], [], [], []]);
      expect(sov).toBeDefined();
    }
    expect(page.directors.find((d) => d.id === people[1]!.id)?.companiesHouseCode).toBe("ab12cd34ef5");
  });

  it("attaches the details of the individuals of a later page to each of them", async () => {
    const db = await getDb();
    const target = expected(live)[SIZE + 3]!;
    const [address, check, media, file, entry] = [
      await insertAddress(db, { directorId: target.id }),
      await insertCheck(db, { directorId: target.id }),
      await insertMedia(db, { directorId: target.id }),
      await insertFile(db, { directorId: target.id }),
      await insertAuditEntry(db, { clientId, directorId: target.id, auditType: "DirectorModified", action: "Edited" }),
    ];
    const second = await detail({ page: 2 });
    const shown = second.directors.find((d) => d.id === target.id)!;
    expect(idsOf(shown.directorAddresses)).toEqual([address.id]);
    expect(idsOf(shown.directorChecks)).toEqual([check.id]);
    expect(idsOf(shown.directorMedias)).toEqual([media.id]);
    expect(shown.directorMedias[0]).not.toHaveProperty("jsonContent");
    expect(idsOf(shown.directorFiles)).toEqual([file.id]);
    expect(idsOf(shown.audit)).toEqual([entry.id]);
    expect(idsOf(second.audit)).toContain(entry.id);
    expect(second.directors.filter((d) => d.id !== target.id).every((d) => d.directorChecks.length === 0 && d.audit.length === 0)).toBe(true);
    // Page 1 does not carry them.
    expect((await detail()).directors.some((d) => d.id === target.id)).toBe(false);
  });

  it("sends 25 of a client's 300 individuals", async () => {
    const db = await getDb();
    const big = await insertClientWithDirectors(db, { directors: 300 });
    const got = await getClientDetail({ db, user: admin, id: big.client.id });
    expect(got.directors).toHaveLength(SIZE);
    expect(got.directorsPager).toMatchObject({ totalCount: 300, totalPages: 12 });
    expect(got.client.directorCount).toBe(300);
    expect(idsOf(got.directors)).toEqual(idsOf([...big.directors].sort(byNameThenId).slice(0, SIZE)));
    const last = await listClientDirectors({ db, user: admin, clientId: big.client.id, view: { page: 12 } });
    expect(last.directors).toHaveLength(SIZE);
    expect(last.pager).toMatchObject({ itemFromNo: 276, itemToNo: 300 });
  });

  it("is for staff only, and a client that does not exist is not found", async () => {
    const db = await getDb();
    const contact: Principal = { type: "DV_CompanyContact", email: "someone@example.com", via: "test-user" };
    await expect(getClientDetail({ db, user: contact, id: clientId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(listClientDirectors({ db, user: contact, clientId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getClientDetail({ db, user: admin, id: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
    await expect(getClientDetail({ db, user: admin, id: 0 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("lists a client without individuals as empty", async () => {
    const db = await getDb();
    const empty = await insertClientWithDirectors(db, { directors: 0 });
    const got = await getClientDetail({ db, user: admin, id: empty.client.id });
    expect(got.directors).toEqual([]);
    expect(got.directorTotals).toEqual({ all: 0, deleted: 0 });
    expect(got.client).toMatchObject({ directorCount: 0, statusStats: [] });
  });
});
