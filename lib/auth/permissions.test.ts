import { userTypeValues } from "@/lib/domain/values";
import { can, permissions, type Action } from "./permissions";

const actions = Object.keys(permissions) as Action[];

describe("the permission table", () => {
  it.each(actions)("%s: allowed to exactly its listed roles, denied to everyone else", (action) => {
    for (const role of userTypeValues) {
      expect(can(role, action)).toBe((permissions[action] as readonly string[]).includes(role));
    }
    expect(can(null, action)).toBe(false);
    expect(can(undefined, action)).toBe(false);
  });

  it("keeps the admin area to admins (docs/security.md)", () => {
    for (const action of actions.filter((a) => a.startsWith("admin."))) expect(permissions[action]).toEqual(["Admin"]);
  });

  it("gives company management to company contacts and individual details to directors only (docs/security.md)", () => {
    for (const action of actions.filter((a) => a.startsWith("company."))) expect(permissions[action]).toEqual(["DV_CompanyContact"]);
    for (const action of actions.filter((a) => a.startsWith("director.self."))) expect(permissions[action]).toEqual(["DV_Director"]);
    expect(permissions["secure.enter"]).toEqual(["DV_CompanyContact", "DV_Director", "Admin"]);
  });

  it("denies an action that is not in the table", () => {
    expect(can("Admin", "admin.unknown" as Action)).toBe(false);
    expect(can("Admin", "constructor" as Action)).toBe(false);
    expect(can("Admin", "__proto__" as Action)).toBe(false);
  });
});
