import { getDb } from "@/db";
import { GET as optionsGet } from "@/app/api/admin/options/route";
import { insertUser } from "../support/factories";
import { apiRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { anonymous, asAdmin, asContact, asDirector } from "./support/test-users";

setupTestDb();

function get(headers = asAdmin()) {
  return optionsGet(apiRequest("/api/admin/options", { headers }));
}

let notStaff: string;

beforeAll(async () => {
  const db = await getDb();
  // A staff member without a display name is listed by email; non-admin users are not assignees.
  await insertUser(db, { email: "zed.nodisplay@portal.example", type: "Admin", displayName: null });
  notStaff = (await insertUser(db, { type: "DV_CompanyContact" })).email;
});

describe("GET /api/admin/options", () => {
  it("lists product tiers, client and director statuses with labels from the messages", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["assignees", "clientStatuses", "countries", "directorStatuses", "productTiers"]);
    expect(body.productTiers).toEqual([
      { value: "Managed", label: "Group managed solution" },
      { value: "OneOff", label: "One-off solution" },
    ]);
    // Statuses in lifecycle order (lib/domain/values.ts).
    expect(body.clientStatuses).toEqual([
      { value: "PaymentPending", label: "Waiting for payment" },
      { value: "New", label: "Request received" },
      { value: "Onboarding", label: "Being set up" },
      { value: "InProgress", label: "In progress" },
      { value: "Completed", label: "Completed" },
    ]);
    expect(body.directorStatuses.map((o: { value: string }) => o.value)).toEqual([
      "AwaitingIDInfo",
      "IDVLinkExpired",
      "UnderReview",
      "OutstandingIDInfo",
      "Verified",
      "AwaitingAuthCode",
      "Complete",
      "Rejected",
    ]);
    expect(body.directorStatuses[0]).toEqual({ value: "AwaitingIDInfo", label: "Waiting for details and identity check" });
  });

  it("lists the admin users as assignees (email value, display name label, by name) and the countries", async () => {
    const body = await (await get()).json();
    // Other test files in this worker's database add admins of their own: look at this file's and the demo's.
    const known = new Set(["admin@portal.example", "sarah.collins@portal.example", "tom.reid@portal.example", "zed.nodisplay@portal.example"]);
    expect(body.assignees.filter((a: { value: string }) => known.has(a.value))).toEqual([
      { value: "admin@portal.example", label: "Portal Administrator" },
      { value: "sarah.collins@portal.example", label: "Sarah Collins" },
      { value: "tom.reid@portal.example", label: "Tom Reid" },
      { value: "zed.nodisplay@portal.example", label: "zed.nodisplay@portal.example" },
    ]);
    expect(body.assignees.map((a: { value: string }) => a.value)).not.toContain(notStaff);
    expect(body.countries).toHaveLength(249);
    expect(body.countries[0]).toEqual({ value: "GB", label: "United Kingdom" });
  });

  it("is for admins only", async () => {
    expect((await get(anonymous)).status).toBe(401);
    expect((await get(asContact())).status).toBe(403);
    expect((await get(asDirector())).status).toBe(403);
  });
});
