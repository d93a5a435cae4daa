import { getDb } from "@/db";
import { clientStatusValues, directorStatusValues, journeyValues, productTierValues, type NewClient, type NewDirector } from "@/db/schema";
import { directorStatusLifecycleOrder } from "@/lib/domain/values";
import { POST as searchPost } from "@/app/api/admin/director-verification/clients/search/route";
import type { Principal } from "@/lib/auth/principal";
import { CLIENT_SORT_KEYS, DIRECTOR_SORT_KEYS, type SortKey } from "@/lib/schemas/client-search-params";
import { clientSearchSchema, parseSearchParams, type ClientSearchInput } from "@/lib/schemas/client-search";
import { searchClients, type ClientSearchResult, type IndividualSearchRow } from "@/lib/server/clients/search-clients";
import { insertClient, insertDirector } from "../support/factories";
import { jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, anonymous, asAdmin, asContact, demo, withApiKey } from "./support/test-users";

/*
 * The admin client search against a real database. Other test files write to the same database,
 * so every search here is narrowed to this file's own rows: their names carry a unique token P
 * (the name filter or a global search on it).
 */

const P = `qzcs${Date.now().toString(36)}`;
/** The rows of the escaping tests, apart so that they do not disturb the sort tests. */
const P2 = P.replace("qzcs", "qzes");
const REF = P.toUpperCase();

const at = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);

/** A client of this file: the columns it sets (the factory fills in the rest) and its directors. */
interface ClientFixture extends Partial<NewClient> {
  key: string;
  directors: (Omit<NewDirector, "clientId" | "reference" | "email"> & { key: string })[];
}

const fixtures: ClientFixture[] = [
  {
    key: "alpha",
    name: `${P} Alpha Ltd`,
    reference: `${REF}RA`,
    mainContactEmail: `alpha.${P}@example.test`,
    mainContactFirstName: "Olive",
    mainContactLastName: "Orchard",
    status: "New",
    productTier: "Managed",
    journey: "Existing",
    owner: "sarah.collins@portal.example",
    unitPrice: 5500,
    fullPrice: 11000,
    inKantata: true,
    kantataReference: "KAN-P1",
    sageId: "SGA1",
    companyId: "10000001",
    createdAt: at("2024-01-10"),
    updatedAt: at("2024-06-01"),
    directors: [
      { key: "anna", name: `Anna ${P}`, status: "Verified", priceOverride: 4500, idvNumber: "IDV-A" },
      { key: "ben", name: `Ben ${P}`, status: "Complete", idvNumber: "IDV-B" },
      { key: "zed", name: `Zed ${P}`, status: "Rejected", isDeleted: true, deleteReason: "Entered twice by mistake." },
    ],
  },
  {
    key: "bravo",
    name: `${P} Bravo Ltd`,
    reference: `${REF}RB`,
    mainContactEmail: `bravo.${P}@example.test`,
    status: "InProgress",
    productTier: "OneOff",
    journey: "PayByCard",
    owner: "tom.reid@portal.example",
    unitPrice: 6500,
    fullPrice: 6500,
    inKantata: false,
    createdAt: at("2024-03-05"),
    updatedAt: at("2024-03-06"),
    directors: [{ key: "cara", name: `Cara ${P}`, status: "AwaitingIDInfo" }],
  },
  {
    key: "charlie",
    name: `${P} Charlie Ltd`,
    reference: `${REF}RC`,
    mainContactEmail: `charlie.${P}@example.test`,
    status: "Completed",
    productTier: "Managed",
    journey: "PayByInvoice",
    unitPrice: 7000,
    fullPrice: 21000,
    inKantata: true,
    kantataReference: "KAN-P3",
    sageId: "SGC3",
    companyId: "10000003",
    // Created at the same instant as Bravo: the tie is broken by id.
    createdAt: at("2024-03-05"),
    updatedAt: at("2024-08-01"),
    directors: [
      { key: "dan", name: `Dan ${P}`, status: "Complete", idvNumber: "IDV-D" },
      { key: "eve", name: `Eve ${P}`, status: "Complete", priceOverride: 6000, idvNumber: "IDV-E" },
      { key: "finn", name: `Finn ${P}`, status: "UnderReview" },
    ],
  },
  {
    key: "delta",
    name: `${P} Delta Ltd`,
    reference: `${REF}RD`,
    mainContactEmail: `delta.${P}@example.test`,
    status: "Onboarding",
    productTier: "Managed",
    journey: "Existing",
    owner: "sarah.collins@portal.example",
    unitPrice: 6000,
    fullPrice: 12000,
    inKantata: false,
    sageId: "SGD4",
    companyId: "10000004",
    createdAt: at("2024-07-01"),
    updatedAt: at("2024-07-02"),
    directors: [{ key: "gail", name: `Gail ${P}`, status: "OutstandingIDInfo" }],
  },
  {
    key: "echo",
    name: `${P} Echo Ltd`,
    reference: `${REF}RE`,
    mainContactEmail: `echo.${P}@example.test`,
    status: "PaymentPending",
    productTier: "OneOff",
    journey: "PayByCard",
    owner: "tom.reid@portal.example",
    unitPrice: null,
    fullPrice: null,
    inKantata: false,
    sageId: "SGE5",
    createdAt: at("2024-09-15"),
    updatedAt: at("2024-09-15"),
    directors: [],
  },
  {
    key: "foxtrot",
    name: `${P} Foxtrot Ltd`,
    reference: `${REF}RF`,
    mainContactEmail: `foxtrot.${P}@example.test`,
    status: "InProgress",
    productTier: "Managed",
    journey: "Existing",
    unitPrice: 6500,
    fullPrice: 6500,
    inKantata: false,
    sageId: "SGF6",
    companyId: "10000006",
    createdAt: at("2024-10-01"),
    updatedAt: at("2024-10-02"),
    isDeleted: true,
    deleteReason: "Duplicate of another request.",
    directors: [{ key: "hugo", name: `Hugo ${P}`, status: "AwaitingAuthCode" }],
  },
  // Pattern characters in names: `%`, `_` and `\` must match only themselves.
  { key: "percent", name: `${P2} 10% off_Sale Ltd`, reference: `${REF}EA`, productTier: "OneOff", journey: "PayByCard", createdAt: at("2023-01-01"), updatedAt: at("2023-01-01"), directors: [] },
  { key: "plain", name: `${P2} 10X offXSale Ltd`, reference: `${REF}EB`, productTier: "OneOff", journey: "PayByCard", createdAt: at("2023-01-01"), updatedAt: at("2023-01-01"), directors: [] },
  { key: "backslash", name: `${P2} back\\slash Ltd`, reference: `${REF}EC`, productTier: "OneOff", journey: "PayByCard", createdAt: at("2023-01-01"), updatedAt: at("2023-01-01"), directors: [] },
];

/** Ids by fixture key, filled in beforeAll. */
const id: Record<string, number> = {};
const main = () => fixtures.filter((f) => !f.name!.startsWith(P2));

interface DirectorFact {
  key: string;
  id: number;
  client: ClientFixture;
  name: string;
  email: string;
  reference: string;
  status: string;
  priceOverride: number | null;
  idvNumber: string | null;
  isDeleted: boolean;
}
const directorFacts: DirectorFact[] = [];

setupTestDb();

beforeAll(async () => {
  const db = await getDb();
  for (const f of fixtures) {
    const { key, directors: people, ...values } = f;
    id[key] = (await insertClient(db, values)).id;
    for (const [i, person] of people.entries()) {
      const { key: dkey, ...dvalues } = person;
      const email = `${dkey}-x${P}@people.test`;
      const reference = `${REF}D${dkey.toUpperCase()}`;
      const director = await insertDirector(db, { ...dvalues, clientId: id[key]!, email, reference, createdAt: new Date(f.createdAt!.getTime() + i * 1000) });
      id[dkey] = director.id;
      directorFacts.push({
        key: dkey,
        id: director.id,
        client: f,
        name: person.name,
        email,
        reference,
        status: director.status,
        priceOverride: director.priceOverride,
        idvNumber: director.idvNumber,
        isDeleted: director.isDeleted,
      });
    }
  }
});

async function search(input: ClientSearchInput): Promise<ClientSearchResult> {
  return searchClients({ db: await getDb(), user: adminPrincipal(), query: clientSearchSchema.parse(input) });
}

/** A search narrowed to this file's main rows (name contains P), page size 100. */
function mine(input: ClientSearchInput = {}): Promise<ClientSearchResult> {
  return search({ ...input, filters: { name: P, ...(input.filters ?? {}) }, pagerModel: { pageSize: 100, ...(input.pagerModel ?? {}) } });
}

/** The client fields of Alpha's search rows, in either view. */
const alphaFields = () => ({
  id: id.alpha,
  name: `${P} Alpha Ltd`,
  reference: `${REF}RA`,
  sageId: "SGA1",
  companyId: "10000001",
  mainContactEmail: `alpha.${P}@example.test`,
  productTier: "Managed",
  status: "New",
  journey: "Existing",
  owner: "sarah.collins@portal.example",
  unitPrice: 5500,
  fullPrice: 11000,
  directorCount: 2,
  createdAt: at("2024-01-10"),
  updatedAt: at("2024-06-01"),
  inKantata: true,
  kantataReference: "KAN-P1",
  isDeleted: false,
  // No date binds Alpha's people (client-search-deadlines.test.ts has those that do).
  nextVerifyBy: null,
  overdue: false,
});
const keysOf = (result: ClientSearchResult) => result.clients.map((r) => fixtures.find((f) => id[f.key] === r.id)?.key ?? `other:${r.id}`);
const directorKeysOf = (result: ClientSearchResult) => (result.clients as IndividualSearchRow[]).map((r) => directorFacts.find((d) => d.id === r.directorId)?.key ?? `other:${r.directorId}`);
const sorted = (keys: string[]) => [...keys].sort();
const live = (pred: (f: ClientFixture) => boolean = () => true) => main().filter((f) => !f.isDeleted && pred(f)).map((f) => f.key);
const liveCount = (f: ClientFixture) => directorFacts.filter((d) => d.client === f && !d.isDeleted).length;

describe("searchClients: client view", () => {
  it("lists this file's clients, newest first, deleted ones hidden", async () => {
    const result = await mine();
    expect(keysOf(result)).toEqual(["echo", "delta", "charlie", "bravo", "alpha"]);
    expect(result.pager).toEqual({ totalPages: 1, totalCount: 5, itemFromNo: 1, itemToNo: 5, currentPage: 1, pageSize: 100 });
  });

  it("answers the row fields of docs/domain.md with a stable tableRowId", async () => {
    const result = await mine({ filters: { name: `${P} Alpha` } });
    expect(result.clients).toEqual([{ tableRowId: `c-${id.alpha}`, ...alphaFields() }]);
  });

  it("counts each client status with its label, in lifecycle order, leaving the status tab out of the counts", async () => {
    const all = await mine();
    expect(all.statusStats).toEqual([
      { value: "PaymentPending", label: "Waiting for payment", count: 1 },
      { value: "New", label: "Request received", count: 1 },
      { value: "Onboarding", label: "Being set up", count: 1 },
      { value: "InProgress", label: "In progress", count: 1 },
      { value: "Completed", label: "Completed", count: 1 },
    ]);
    const tab = await mine({ status: "InProgress" });
    expect(keysOf(tab)).toEqual(["bravo"]);
    expect(tab.statusStats).toEqual(all.statusStats);
    expect(tab.pager.totalCount).toBe(1);
    const withDeleted = await mine({ status: "InProgress", includeDeleted: true });
    expect(sorted(keysOf(withDeleted))).toEqual(["bravo", "foxtrot"]);
    expect(withDeleted.statusStats.find((s) => s.value === "InProgress")!.count).toBe(2);
  });

  it("shows deleted clients only when asked, with isDeleted", async () => {
    const result = await mine({ includeDeleted: true });
    expect(sorted(keysOf(result))).toEqual(sorted(main().map((f) => f.key)));
    expect(result.clients.find((r) => r.id === id.foxtrot)).toMatchObject({ isDeleted: true, directorCount: 1 });
  });

  const filterCases: [string, ClientSearchInput["filters"], string[]][] = [
    ["name (case-insensitive contains)", { name: `${P} bRaVo` }, ["bravo"]],
    ["sageId", { sageId: "sgc" }, ["charlie"]],
    ["reference", { reference: `${REF}RD` }, ["delta"]],
    ["companyId", { companyId: "0000004" }, ["delta"]],
    ["mainContact by email", { mainContact: `CHARLIE.${P}` }, ["charlie"]],
    ["mainContact by name", { mainContact: "olive orch" }, ["alpha"]],
    ["productTier", { productTier: "OneOff" }, live((f) => f.productTier === "OneOff")],
    ["status", { status: "Onboarding" }, ["delta"]],
    ["createdAtFrom (a UK day, inclusive)", { createdAtFrom: "2024-03-05" }, ["bravo", "charlie", "delta", "echo"]],
    ["createdAtTo (a UK day, inclusive)", { createdAtTo: "2024-03-05" }, ["alpha", "bravo", "charlie"]],
    ["createdAtTo the day before", { createdAtTo: "2024-03-04" }, ["alpha"]],
    ["createdAtFrom an instant (inclusive)", { createdAtFrom: "2024-03-05T12:00:00Z" }, ["bravo", "charlie", "delta", "echo"]],
    ["createdAtFrom a later instant", { createdAtFrom: "2024-03-05T12:00:01+00:00" }, ["delta", "echo"]],
    ["createdAt range", { createdAtFrom: "2024-03-01", createdAtTo: "2024-07-01" }, ["bravo", "charlie", "delta"]],
    ["updatedAtFrom", { updatedAtFrom: "2024-07-01" }, ["charlie", "delta", "echo"]],
    ["updatedAtTo", { updatedAtTo: "2024-06-01" }, ["alpha", "bravo"]],
    ["priceFrom (unit price, pence)", { priceFrom: 6000 }, ["bravo", "charlie", "delta"]],
    ["priceTo", { priceTo: 6000 }, ["alpha", "delta"]],
    ["fullPriceFrom", { fullPriceFrom: 12000 }, ["charlie", "delta"]],
    ["fullPriceTo", { fullPriceTo: 11000 }, ["alpha", "bravo"]],
    ["owner (exact, case-insensitive)", { owner: "Tom.Reid@Portal.Example" }, ["bravo", "echo"]],
    ["kantataReference", { kantataReference: "kan-p3" }, ["charlie"]],
    ["inKantata true", { inKantata: true }, ["alpha", "charlie"]],
    ["inKantata false", { inKantata: false }, ["bravo", "delta", "echo"]],
    ["individual (a director's name)", { individual: `Finn ${P}` }, ["charlie"]],
    ["individual (a director's email)", { individual: `cara-x${P}` }, ["bravo"]],
    ["individualReference", { individualReference: `${REF}DGAIL` }, ["delta"]],
    ["individualStatus", { individualStatus: "Complete" }, ["alpha", "charlie"]],
    ["individual filters match one and the same director", { individual: `Anna ${P}`, individualStatus: "Complete" }, []],
    ["a deleted director does not make its client match", { individualStatus: "Rejected" }, []],
    ["several filters together", { productTier: "Managed", inKantata: true, priceFrom: 6000 }, ["charlie"]],
  ];
  it.each(filterCases)("filters by %s", async (_label, filters, expected) => {
    expect(sorted(keysOf(await mine({ filters })))).toEqual(sorted(expected));
  });

  it("treats empty strings and null as no filter", async () => {
    const result = await mine({ filters: { sageId: "", owner: null as never, status: "" as never }, status: "" as never, globalSearch: "  " });
    expect(result.pager.totalCount).toBe(5);
  });
});

/** Sort values of a client fixture, as the database orders them (enums in declaration order). */
function clientValue(f: ClientFixture, key: SortKey): number | string | null {
  switch (key) {
    case "createdAt":
    case "updatedAt":
      return (f[key] as Date).getTime();
    case "productTier":
      return productTierValues.indexOf(f.productTier!);
    case "status":
      return clientStatusValues.indexOf(f.status ?? "New");
    case "journey":
      return journeyValues.indexOf(f.journey!);
    case "directorCount":
      return liveCount(f);
    case "inKantata":
      return f.inKantata ? 1 : 0;
    default:
      return (f[key as keyof ClientFixture] as string | number | null | undefined) ?? null;
  }
}

/** Orders by value (empty values last either way), ties by the given ids, all in one direction. */
function expectedOrder<T>(items: T[], value: (t: T) => number | string | null, ties: ((t: T) => number)[], dir: "asc" | "desc"): T[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) return (va < vb ? -1 : 1) * sign;
    for (const tie of ties) if (tie(a) !== tie(b)) return (tie(a) - tie(b)) * sign;
    return 0;
  });
}

describe("searchClients: sorting", () => {
  const cases = CLIENT_SORT_KEYS.flatMap((key) => (["asc", "desc"] as const).map((dir) => [key, dir] as const));
  it.each(cases)("client view sorts by %s %s, ties by id", async (key, dir) => {
    const result = await mine({ sortBy: key, sortDirection: dir });
    const expected = expectedOrder(main().filter((f) => !f.isDeleted), (f) => clientValue(f, key), [(f) => id[f.key]!], dir).map((f) => f.key);
    expect(keysOf(result)).toEqual(expected);
  });

  const liveDirectors = () => directorFacts.filter((d) => !d.isDeleted && !d.client.isDeleted && !d.client.name!.startsWith(P2));
  const directorValue = (d: DirectorFact, key: SortKey): number | string | null => {
    switch (key) {
      case "directorName":
        return d.name;
      case "directorEmail":
        return d.email;
      case "directorReference":
        return d.reference;
      case "directorStatus":
        return directorStatusValues.indexOf(d.status as never);
      case "priceOverride":
        return d.priceOverride;
      case "idvNumber":
        return d.idvNumber;
      default:
        return clientValue(d.client, key);
    }
  };
  const individualCases = [...DIRECTOR_SORT_KEYS, "name", "createdAt", "directorCount", "unitPrice"].flatMap((key) =>
    (["asc", "desc"] as const).map((dir) => [key as SortKey, dir] as const),
  );
  it.each(individualCases)("individual view sorts by %s %s, ties by client then director id", async (key, dir) => {
    const result = await mine({ tableViewMode: "individual", sortBy: key, sortDirection: dir });
    const isDirectorKey = (DIRECTOR_SORT_KEYS as readonly string[]).includes(key);
    const ties = isDirectorKey ? [(d: DirectorFact) => d.id] : [(d: DirectorFact) => id[d.client.key]!, (d: DirectorFact) => d.id];
    const expected = expectedOrder(liveDirectors(), (d) => directorValue(d, key), ties, dir).map((d) => d.key);
    expect(directorKeysOf(result)).toEqual(expected);
  });
});

describe("searchClients: individual view", () => {
  it("answers one row per director with its client's fields", async () => {
    const result = await mine({ tableViewMode: "individual", sortBy: "directorName", sortDirection: "asc" });
    expect(directorKeysOf(result)).toEqual(["anna", "ben", "cara", "dan", "eve", "finn", "gail"]);
    expect(result.clients[0]).toEqual({
      tableRowId: `d-${id.anna}`,
      ...alphaFields(),
      directorId: id.anna,
      directorName: `Anna ${P}`,
      directorEmail: `anna-x${P}@people.test`,
      directorReference: `${REF}DANNA`,
      directorStatus: "Verified",
      priceOverride: 4500,
      idvNumber: "IDV-A",
      directorIsDeleted: false,
    });
    expect(result.pager.totalCount).toBe(7);
  });

  it("counts director statuses in lifecycle order, leaving the status tab out", async () => {
    const all = await mine({ tableViewMode: "individual" });
    expect(all.statusStats.map((s) => s.value)).toEqual([...directorStatusLifecycleOrder]);
    expect(Object.fromEntries(all.statusStats.map((s) => [s.value, s.count]))).toEqual({
      AwaitingIDInfo: 1,
      Verified: 1,
      UnderReview: 1,
      OutstandingIDInfo: 1,
      IDVLinkExpired: 0,
      AwaitingAuthCode: 0,
      Complete: 3,
      Rejected: 0,
    });
    expect(all.statusStats.find((s) => s.value === "AwaitingAuthCode")!.label).toBe("Waiting for personal code");
    const tab = await mine({ tableViewMode: "individual", status: "Complete" });
    expect(sorted(directorKeysOf(tab))).toEqual(["ben", "dan", "eve"]);
    expect(tab.statusStats).toEqual(all.statusStats);
    expect(tab.pager.totalCount).toBe(3);
  });

  it("shows deleted directors and the directors of deleted clients only when asked", async () => {
    expect(directorKeysOf(await mine({ tableViewMode: "individual", filters: { individualStatus: "Rejected" } }))).toEqual([]);
    const withDeleted = await mine({ tableViewMode: "individual", includeDeleted: true });
    expect(sorted(directorKeysOf(withDeleted))).toEqual(sorted(directorFacts.filter((d) => !d.client.name!.startsWith(P2)).map((d) => d.key)));
    expect((withDeleted.clients as IndividualSearchRow[]).find((r) => r.directorId === id.zed)).toMatchObject({ directorIsDeleted: true, isDeleted: false });
    expect((withDeleted.clients as IndividualSearchRow[]).find((r) => r.directorId === id.hugo)).toMatchObject({ directorIsDeleted: false, isDeleted: true });
    expect(Object.fromEntries(withDeleted.statusStats.map((s) => [s.value, s.count]))).toMatchObject({ Rejected: 1, AwaitingAuthCode: 1 });
  });

  it("applies client and director filters together", async () => {
    const result = await mine({ tableViewMode: "individual", filters: { productTier: "Managed", individualStatus: "Complete" } });
    expect(sorted(directorKeysOf(result))).toEqual(["ben", "dan", "eve"]);
    const byName = await mine({ tableViewMode: "individual", filters: { individual: `eve-x${P}` } });
    expect(directorKeysOf(byName)).toEqual(["eve"]);
  });

  it("counts directors by status with client filters too", async () => {
    const result = await mine({ tableViewMode: "individual", filters: { status: "Completed" } });
    expect(Object.fromEntries(result.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count]))).toEqual({ Complete: 2, UnderReview: 1 });
  });
});

describe("searchClients: global search", () => {
  const cases: [string, string, string[]][] = [
    ["a client name, any case", `${P} CHARLIE`, ["charlie"]],
    ["a client reference", `${REF}RB`, ["bravo"]],
    ["a main contact email", `delta.${P}@`, ["delta"]],
    ["a Sage ID", "SGE5", ["echo"]],
    ["a company number", "10000003", ["charlie"]],
    ["a director's name", `Gail ${P}`, ["delta"]],
    ["a director's email", `cara-x${P}`, ["bravo"]],
    ["a director's reference", `${REF}DFINN`, ["charlie"]],
    ["a deleted director's name (not a match)", `Zed ${P}`, []],
    ["a deleted client's name (hidden)", `${P} Foxtrot`, []],
  ];
  it.each(cases)("finds clients by %s", async (_label, term, expected) => {
    const result = await search({ globalSearch: term, pagerModel: { pageSize: 100 } });
    expect(sorted(keysOf(result))).toEqual(sorted(expected));
  });

  it("finds deleted records when asked", async () => {
    expect(keysOf(await search({ globalSearch: `${P} Foxtrot`, includeDeleted: true }))).toEqual(["foxtrot"]);
    expect(keysOf(await search({ globalSearch: `Zed ${P}`, includeDeleted: true }))).toEqual(["alpha"]);
  });

  it("in individual view finds directors by their own fields or by their client's", async () => {
    const byClient = await search({ tableViewMode: "individual", globalSearch: `${P} Charlie` });
    expect(sorted(directorKeysOf(byClient))).toEqual(["dan", "eve", "finn"]);
    const byDirector = await search({ tableViewMode: "individual", globalSearch: `${REF}DEVE` });
    expect(directorKeysOf(byDirector)).toEqual(["eve"]);
    expect(byDirector.statusStats.find((s) => s.value === "Complete")!.count).toBe(1);
  });

  it("combines with filters and the status tab", async () => {
    const result = await search({ globalSearch: P, filters: { productTier: "Managed" }, status: "Completed" });
    expect(keysOf(result)).toEqual(["charlie"]);
    expect(result.statusStats.filter((s) => s.count > 0).map((s) => [s.value, s.count])).toEqual([
      ["New", 1],
      ["Onboarding", 1],
      ["Completed", 1],
    ]);
  });

  it("takes %, _ and \\ in the search literally", async () => {
    const find = async (term: string) => sorted(keysOf(await search({ globalSearch: term })));
    expect(await find(`${P2} 10%`)).toEqual(["percent"]);
    expect(await find(`${P2} 10X`)).toEqual(["plain"]);
    expect(await find(`${P2} 10% off_Sale`)).toEqual(["percent"]);
    expect(await find(`${P2} 10_`)).toEqual([]);
    expect(await find(`${P2} back\\slash`)).toEqual(["backslash"]);
    expect(await find(`${P2} back\\`)).toEqual(["backslash"]);
    expect(sorted(keysOf(await search({ filters: { name: `${P2} 10%` } })))).toEqual(["percent"]);
    expect(sorted(keysOf(await search({ filters: { name: "off_sale" }, globalSearch: P2 })))).toEqual(["percent"]);
  });
});

describe("searchClients: pager", () => {
  it("has no pages for no result", async () => {
    const result = await search({ globalSearch: `${P}-nothing-matches` });
    expect(result.clients).toEqual([]);
    expect(result.pager).toEqual({ totalPages: 0, totalCount: 0, itemFromNo: 0, itemToNo: 0, currentPage: 1, pageSize: 25 });
    expect(result.statusStats.every((s) => s.count === 0)).toBe(true);
  });

  it("fills the last page partly", async () => {
    const first = await mine({ pagerModel: { currentPage: 1, pageSize: 2 } });
    expect(keysOf(first)).toEqual(["echo", "delta"]);
    expect(first.pager).toEqual({ totalPages: 3, totalCount: 5, itemFromNo: 1, itemToNo: 2, currentPage: 1, pageSize: 2 });
    const last = await mine({ pagerModel: { currentPage: 3, pageSize: 2 } });
    expect(keysOf(last)).toEqual(["alpha"]);
    expect(last.pager).toEqual({ totalPages: 3, totalCount: 5, itemFromNo: 5, itemToNo: 5, currentPage: 3, pageSize: 2 });
  });

  it("answers a page beyond the end with no rows and the right totals", async () => {
    const result = await mine({ pagerModel: { currentPage: 9, pageSize: 2 } });
    expect(result.clients).toEqual([]);
    expect(result.pager).toEqual({ totalPages: 3, totalCount: 5, itemFromNo: 0, itemToNo: 0, currentPage: 9, pageSize: 2 });
    const individual = await mine({ tableViewMode: "individual", pagerModel: { currentPage: 2, pageSize: 5 } });
    expect(individual.clients).toHaveLength(2);
    expect(individual.pager).toMatchObject({ totalPages: 2, totalCount: 7, itemFromNo: 6, itemToNo: 7 });
  });

  it("pages through without gaps or repeats", async () => {
    const all = keysOf(await mine({ sortBy: "createdAt", sortDirection: "asc" }));
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) paged.push(...keysOf(await mine({ sortBy: "createdAt", sortDirection: "asc", pagerModel: { currentPage: page, pageSize: 1 } })));
    expect(paged).toEqual(all);
  });
});

describe("searchClients: access", () => {
  it("refuses anyone but an admin", async () => {
    const contact: Principal = { type: "DV_CompanyContact", email: demo.contact.email, via: "test-user" };
    await expect(searchClients({ db: await getDb(), user: contact, query: clientSearchSchema.parse({}) })).rejects.toMatchObject({ code: "forbidden" });
  });
});

function post(body: unknown, headers: Record<string, string> = asAdmin()) {
  return searchPost(jsonRequest("/api/admin/director-verification/clients/search", body, { headers }));
}

describe("POST /api/admin/director-verification/clients/search", () => {
  it("answers statusStats, clients and pager as JSON", async () => {
    const res = await post({ globalSearch: `${P} Alpha`, filters: { inKantata: true }, sortBy: "name", sortDirection: "asc", pagerModel: { currentPage: 1, pageSize: 10 }, tableViewMode: "client" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["clients", "pager", "statusStats"]);
    expect(body.statusStats[0]).toEqual({ value: "PaymentPending", label: "Waiting for payment", count: 0 });
    expect(body.statusStats[1]).toEqual({ value: "New", label: "Request received", count: 1 });
    expect(body.clients).toHaveLength(1);
    expect(body.clients[0]).toMatchObject({ tableRowId: `c-${id.alpha}`, id: id.alpha, createdAt: "2024-01-10T12:00:00.000Z", directorCount: 2 });
    expect(body.pager).toEqual({ totalPages: 1, totalCount: 1, itemFromNo: 1, itemToNo: 1, currentPage: 1, pageSize: 10 });
  });

  it("accepts the api-key and an empty body object", async () => {
    const res = await post({}, withApiKey());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pager).toMatchObject({ currentPage: 1, pageSize: 25 });
  });

  it("answers 401 without a user and 403 for a company contact", async () => {
    expect((await post({}, anonymous)).status).toBe(401);
    expect((await post({}, withApiKey("wrong-key-wrong-key-wrong-key"))).status).toBe(401);
    expect((await post({}, asContact())).status).toBe(403);
  });

  const bad: [string, unknown, string, string][] = [
    ["an unknown sortBy", { sortBy: "password" }, "sortBy", "invalidOption"],
    ["pageSize 0", { pagerModel: { pageSize: 0 } }, "pagerModel.pageSize", "pageSize"],
    ["pageSize 101", { pagerModel: { pageSize: 101 } }, "pagerModel.pageSize", "pageSize"],
    ["currentPage 0", { pagerModel: { currentPage: 0 } }, "pagerModel.currentPage", "invalidNumber"],
    ["a page as text", { pagerModel: { currentPage: "2" } }, "pagerModel.currentPage", "invalidNumber"],
    ["a date that does not exist", { filters: { createdAtFrom: "2024-02-30" } }, "filters.createdAtFrom", "invalidDate"],
    ["a date in words", { filters: { updatedAtTo: "yesterday" } }, "filters.updatedAtTo", "invalidDate"],
    ["dates the wrong way round", { filters: { createdAtFrom: "2024-05-02", createdAtTo: "2024-05-01" } }, "filters.createdAtTo", "range"],
    ["prices the wrong way round", { filters: { priceFrom: 500, priceTo: 400 } }, "filters.priceTo", "range"],
    ["a price in pounds", { filters: { priceFrom: 65.5 } }, "filters.priceFrom", "invalidNumber"],
    ["a negative price", { filters: { fullPriceTo: -1 } }, "filters.fullPriceTo", "invalidNumber"],
    ["an unknown key", { sortby: "name" }, "sortby", "unknownKey"],
    ["an unknown filter", { filters: { colour: "blue" } }, "filters.colour", "unknownKey"],
    ["an unknown pager key", { pagerModel: { offset: 10 } }, "pagerModel.offset", "unknownKey"],
    ["an unknown view", { tableViewMode: "table" }, "tableViewMode", "invalidOption"],
    ["an unknown direction", { sortDirection: "up" }, "sortDirection", "invalidOption"],
    ["a director status tab in client view", { status: "Complete" }, "status", "statusForMode"],
    ["a client status tab in individual view", { tableViewMode: "individual", status: "Completed" }, "status", "statusForMode"],
    ["a director column sort in client view", { sortBy: "directorName" }, "sortBy", "sortForMode"],
    ["an unknown product tier", { filters: { productTier: "Gold" } }, "filters.productTier", "invalidOption"],
    ["inKantata as text", { filters: { inKantata: "yes" } }, "filters.inKantata", "invalidBoolean"],
    ["a search of 201 characters", { globalSearch: "x".repeat(201) }, "globalSearch", "tooLong"],
    ["a list instead of an object", [], "_", "invalid"],
  ];
  it.each(bad)("answers 400 naming the field for %s", async (_label, body, field, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json).toMatchObject({ error: "bad_request", message: "Some fields are not valid." });
    expect(json.fields[field]).toEqual([message]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "bad_request", message: "The request body must be JSON." });
  });
});

describe("the page's URL", () => {
  it("reads search parameters with the same schema, dropping what is invalid", () => {
    const { request, dropped } = parseSearchParams({
      globalSearch: "smith",
      tableViewMode: "individual",
      status: "Complete",
      clientStatus: "InProgress",
      priceFrom: "6500",
      inKantata: "true",
      sortBy: "directorName",
      sortDirection: "asc",
      currentPage: "3",
      pageSize: "500",
      createdAtFrom: "not-a-date",
      utm_source: "mail",
    });
    expect(request).toEqual({
      globalSearch: "smith",
      filters: { status: "InProgress", priceFrom: 6500, inKantata: true },
      status: "Complete",
      sortBy: "directorName",
      sortDirection: "asc",
      pagerModel: { currentPage: 3, pageSize: 25 },
      tableViewMode: "individual",
      includeDeleted: false,
    });
    expect(sorted(dropped)).toEqual(["filters.createdAtFrom", "pagerModel.pageSize"]);
  });
});
