import { getDb } from "@/db";
import type { Principal } from "@/lib/auth/principal";
import { getClientName } from "@/lib/server/clients/get-client-name";
import { getOwnCompanyName } from "@/lib/server/clients/get-own-company-name";
import { getDirectorName } from "@/lib/server/directors/get-director-name";
import { insertClientWithDirectors, uniqueTag } from "../support/factories";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb();

/*
 * The names page titles are made of ("Hartwell Holdings Ltd – Clients", "Evidence pack – James
 * Whitaker", the company page's company): each only for who may read the page, so a title never
 * tells anyone else a name.
 */
const admin: Principal = { type: "Admin", email: "admin@portal.example", via: "test-user" };

async function company() {
  const tag = uniqueTag();
  const { client, directors } = await insertClientWithDirectors(await getDb(), { client: { name: `Title Test ${tag} Ltd` }, directors: [{ name: `Tina Title ${tag}` }] });
  const contact: Principal = { type: "DV_CompanyContact", email: client.mainContactEmail, clientId: client.id, via: "test-user" };
  const director: Principal = { type: "DV_Director", email: directors[0]!.email, clientId: client.id, directorId: directors[0]!.id, via: "test-user" };
  return { client, person: directors[0]!, contact, director };
}

describe("names for page titles", () => {
  it("gives staff the client's and the individual's names", async () => {
    const db = await getDb();
    const { client, person } = await company();
    expect(await getClientName({ db, user: admin, id: client.id })).toBe(client.name);
    expect(await getDirectorName({ db, user: admin, id: person.id })).toBe(person.name);
    expect(await getClientName({ db, user: admin, id: 2_000_000_000 })).toBeNull();
    expect(await getDirectorName({ db, user: admin, id: 0 })).toBeNull();
  });

  it("gives a company contact their own company's name only", async () => {
    const db = await getDb();
    const { client, contact, director } = await company();
    expect(await getOwnCompanyName({ db, user: contact })).toBe(client.name);
    expect(await getOwnCompanyName({ db, user: director })).toBeNull();
    expect(await getOwnCompanyName({ db, user: admin })).toBeNull();
  });

  it("tells no one else a name", async () => {
    const db = await getDb();
    const { client, person, contact, director } = await company();
    for (const user of [contact, director]) {
      expect(await getClientName({ db, user, id: client.id })).toBeNull();
      expect(await getDirectorName({ db, user, id: person.id })).toBeNull();
    }
  });
});
