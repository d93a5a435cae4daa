import { decideAdmin, emailClaim, groupsClaim } from "@/lib/auth/sso/admin-decision";

const policy = { adminEmails: ["admin@portal.example", "ops@portal.example"], adminGroup: "portal-admins" };

describe("decideAdmin", () => {
  it("admits an email on ADMIN_EMAILS", () => {
    expect(decideAdmin({ email: "ops@portal.example", email_verified: true }, policy)).toEqual({ admin: true, email: "ops@portal.example", via: "email" });
  });

  it("compares emails case-insensitively and trims them", () => {
    expect(decideAdmin({ email: "  Admin@Portal.EXAMPLE " }, policy)).toEqual({ admin: true, email: "admin@portal.example", via: "email" });
    expect(decideAdmin({ email: "admin@portal.example" }, { adminEmails: ["ADMIN@portal.example"] })).toMatchObject({ admin: true });
  });

  it("admits a member of ADMIN_GROUP by the groups claim", () => {
    expect(decideAdmin({ email: "someone@portal.example", groups: ["staff", "portal-admins"] }, policy)).toEqual({
      admin: true,
      email: "someone@portal.example",
      via: "group",
    });
  });

  it("matches the group case-insensitively, and accepts a single-string groups claim", () => {
    expect(decideAdmin({ email: "a@b.example", groups: "Portal-Admins" }, policy)).toMatchObject({ admin: true, via: "group" });
    const guid = "6F1C2D3E-0000-4A4B-9C9D-ABCDEFABCDEF";
    expect(decideAdmin({ email: "a@b.example", groups: [guid.toLowerCase()] }, { adminEmails: [], adminGroup: guid })).toMatchObject({ admin: true });
  });

  it("refuses everyone else", () => {
    expect(decideAdmin({ email: "staff@portal.example", groups: ["portal-staff"] }, policy)).toEqual({ admin: false, email: "staff@portal.example", reason: "not_admin" });
    // A group name that merely contains the admin group is not the admin group.
    expect(decideAdmin({ email: "x@portal.example", groups: ["portal-admins-readonly", "not-portal-admins"] }, policy)).toMatchObject({ admin: false });
    // A similar-looking email is not the email.
    expect(decideAdmin({ email: "admin@portal.example.evil" }, policy)).toMatchObject({ admin: false, reason: "not_admin" });
  });

  it("ignores the groups claim when no ADMIN_GROUP is configured", () => {
    expect(decideAdmin({ email: "x@portal.example", groups: ["portal-admins", ""] }, { adminEmails: [] })).toMatchObject({ admin: false });
    expect(decideAdmin({ email: "x@portal.example", groups: [""] }, { adminEmails: [], adminGroup: "  " })).toMatchObject({ admin: false });
  });

  it("refuses a token without a usable email, even for an admin group member", () => {
    expect(decideAdmin({ groups: ["portal-admins"] }, policy)).toEqual({ admin: false, email: null, reason: "no_email" });
    expect(decideAdmin({ email: ["admin@portal.example"] }, policy)).toMatchObject({ admin: false, reason: "no_email" });
    expect(decideAdmin({ email: "not an email" }, policy)).toMatchObject({ admin: false, reason: "no_email" });
  });

  it("never trusts an email the provider marks as unverified", () => {
    expect(decideAdmin({ email: "admin@portal.example", email_verified: false }, policy)).toEqual({
      admin: false,
      email: "admin@portal.example",
      reason: "email_not_verified",
    });
    expect(decideAdmin({ email: "admin@portal.example", email_verified: "false", groups: ["portal-admins"] }, policy)).toMatchObject({ admin: false });
  });

  it("accepts a token without email_verified (Entra ID does not send it)", () => {
    expect(decideAdmin({ email: "admin@portal.example" }, policy)).toMatchObject({ admin: true });
  });
});

describe("claim helpers", () => {
  it("reads the email claim", () => {
    expect(emailClaim({ email: "A@B.example" })).toBe("a@b.example");
    expect(emailClaim({})).toBeNull();
    expect(emailClaim({ email: 42 })).toBeNull();
  });

  it("reads the groups claim, dropping non-strings", () => {
    expect(groupsClaim({ groups: ["a", 1, null, "b"] })).toEqual(["a", "b"]);
    expect(groupsClaim({ groups: "a" })).toEqual(["a"]);
    expect(groupsClaim({ groups: { a: 1 } })).toEqual([]);
    expect(groupsClaim({})).toEqual([]);
  });
});
