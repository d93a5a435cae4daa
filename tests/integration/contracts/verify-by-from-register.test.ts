// The deadline shown to a director, from the register (issue 20): the nightly refresh stores the
// company's next confirmation statement date from Companies House (the simulator, run as its own
// process), and the director's page, the client's earliest date and the admin search follow it.
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, companiesHouseCache } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { todayInUk } from "@/lib/domain/address-history";
import { daysUntil } from "@/lib/domain/verify-by";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { chooseCompaniesHouse } from "@/lib/integrations/companies-house";
import { clientSearchSchema } from "@/lib/schemas/client-search";
import { refreshClientRegister } from "@/lib/server/companies-house/refresh-client-register";
import { searchClients } from "@/lib/server/clients/search-clients";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";
import { deleteCreatedRows, insertClientWithDirectors } from "../../support/factories";
import { adminPrincipal } from "../support/test-users";
import { startSimulatorProcess, type SimulatorProcess } from "./companies-house-simulator";

let sim: SimulatorProcess;

beforeAll(async () => {
  sim = await startSimulatorProcess();
  await (await getDb()).delete(companiesHouseCache);
});
afterAll(async () => {
  resetEnvCache();
  await deleteCreatedRows(await getDb());
  await sim?.stop();
});

it("shows the director the next confirmation statement date the register gives, and the search finds them by it", async () => {
  const db = await getDb();
  const made = await insertClientWithDirectors(db, {
    client: { companyId: "04682913", name: `Register Deadline ${Date.now()}` },
    directors: [{ name: "Appointed Long Ago", registerRole: "director", registerAppointedOn: "2015-02-01" }],
  });
  const director = made.directors[0]!;
  const user: Principal = { type: "DV_Director", email: director.email, clientId: made.client.id, directorId: director.id, via: "test-user" };
  // Nothing binds them before the register is read.
  expect((await getOwnDirector({ db, user })).verifyBy).toBeNull();

  const companiesHouse = chooseCompaniesHouse(parseEnv({ APP_ENV: "test", COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: sim.apiKey }));
  await refreshClientRegister({ db, user: "system", clientId: made.client.id, companiesHouse });
  const [row] = await db.select({ due: clients.confirmationStatementDue, next: clients.nextVerifyBy }).from(clients).where(eq(clients.id, made.client.id));
  expect(row!.due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The client's earliest date follows the register in the same statement (migration 0040).
  expect(row!.next).toBe(row!.due);

  const today = todayInUk();
  const shown = (await getOwnDirector({ db, user })).verifyBy;
  expect(shown).toEqual({ date: row!.due, reason: "confirmationStatement", daysLeft: daysUntil(row!.due!, today), overdue: row!.due! < today });

  const within = Math.max(0, daysUntil(row!.due!, today));
  const found = await searchClients({ db, user: adminPrincipal(), query: clientSearchSchema.parse({ filters: { name: made.client.name, verifyWithinDays: within } }) });
  expect(found.clients.map((c) => [c.id, c.nextVerifyBy])).toEqual([[made.client.id, row!.due]]);
});
