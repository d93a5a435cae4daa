import { getDb } from "@/db";
import type { Director } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { todayInUk } from "@/lib/domain/address-history";
import { addDays } from "@/lib/domain/verify-by";
import { getClientDetail } from "@/lib/server/clients/get-client-detail";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";
import { insertClientWithDirectors } from "../support/factories";
import { adminPrincipal } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

/*
 * Each person's verify-by date as the director, their company's contact and staff are given it
 * (issue 20): the earliest of the company's requested date and the law's from the register (the
 * next confirmation statement for a director appointed before 18 November 2025, the appointment
 * after it, 14 days for a newly notified PSC), with the days left and whether it has passed; none
 * for someone complete, rejected or deleted.
 */

const today = todayInUk();
let clientId: number;
let contactEmail: string;
let people: Record<string, Director>;

beforeAll(async () => {
  const made = await insertClientWithDirectors(await getDb(), {
    client: { status: "InProgress", verifyBy: addDays(today, 60), confirmationStatementDue: addDays(today, 20) },
    directors: [
      { name: "Existing Director", registerRole: "director", registerAppointedOn: "2019-03-01" },
      { name: "New Director", registerRole: "director", registerAppointedOn: addDays(today, -3), status: "OutstandingIDInfo" },
      { name: "Finished Director", registerRole: "director", registerAppointedOn: "2019-03-01", status: "Complete" },
      { name: "New Psc", registerRole: "psc", registerAppointedOn: addDays(today, -1), registerBirthMonth: 4, status: "AwaitingAuthCode" },
      { name: "Gone Director", isDeleted: true, deleteReason: "Left the company" },
      { name: "Typed By Hand" },
    ],
  });
  clientId = made.client.id;
  contactEmail = made.client.mainContactEmail;
  people = Object.fromEntries(made.directors.map((d) => [d.name, d]));
});

const expected = {
  "Existing Director": { date: addDays(today, 20), reason: "confirmationStatement", daysLeft: 20, overdue: false },
  "New Director": { date: addDays(today, -3), reason: "appointment", daysLeft: -3, overdue: true },
  "Finished Director": null,
  "New Psc": { date: addDays(today, 13), reason: "pscNotified", daysLeft: 13, overdue: false },
  "Typed By Hand": { date: addDays(today, 20), reason: "confirmationStatement", daysLeft: 20, overdue: false },
} as const;

describe("the deadline shown to each person", () => {
  it("the director's own page: their date from the register, the days left, overdue once passed, none once complete", async () => {
    const db = await getDb();
    for (const [name, deadline] of Object.entries(expected)) {
      const d = people[name]!;
      const user: Principal = { type: "DV_Director", email: d.email, clientId, directorId: d.id, via: "test-user" };
      expect({ name, verifyBy: (await getOwnDirector({ db, user })).verifyBy }).toEqual({ name, verifyBy: deadline });
    }
  });

  it("the director's page counts the days from the day asked about (UK date)", async () => {
    const d = people["Existing Director"]!;
    const user: Principal = { type: "DV_Director", email: d.email, clientId, directorId: d.id, via: "test-user" };
    const later = new Date(Date.parse(`${addDays(today, 21)}T12:00:00Z`));
    expect((await getOwnDirector({ db: await getDb(), user, now: later })).verifyBy).toMatchObject({ daysLeft: -1, overdue: true });
  });

  it("the company's contact: each live individual's deadline, and none of their register entry", async () => {
    const user: Principal = { type: "DV_CompanyContact", email: contactEmail, clientId, via: "test-user" };
    const company = await getOwnCompany({ db: await getDb(), user });
    expect(Object.fromEntries(company.directors.map((d) => [d.name, d.verifyBy]))).toEqual(expected);
    for (const d of company.directors) expect(Object.keys(d)).not.toEqual(expect.arrayContaining(["registerRole"]));
    expect(company).not.toHaveProperty("priorityAt");
  });

  it("staff on the client's page: the same deadlines, and none for a deleted individual", async () => {
    const detail = await getClientDetail({ db: await getDb(), user: adminPrincipal(), id: clientId, view: { showDeleted: true } });
    expect(Object.fromEntries(detail.directors.map((d) => [d.name, d.verifyBy]))).toEqual({ ...expected, "Gone Director": null });
  });
});
