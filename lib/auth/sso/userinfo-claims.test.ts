import { decideAdmin } from "./admin-decision";
import { mergeUserInfo, needsUserInfo } from "./userinfo-claims";

const policy = { adminEmails: ["admin@portal.example"], adminGroup: "portal-admins" };
const emailsOnly = { adminEmails: ["admin@portal.example"] };
const sub = "3b0c9f4e";
/** An ID token as oidc-provider issues it by default: the protocol claims, no email or groups. */
const bare = { sub, iss: "http://localhost:4010", aud: "portal-local", nonce: "n" };

describe("needsUserInfo", () => {
  it("asks when the ID token has no usable email", () => {
    expect(needsUserInfo(bare, emailsOnly)).toBe(true);
    expect(needsUserInfo({ ...bare, email: "not an email" }, emailsOnly)).toBe(true);
  });

  it("asks for groups only when ADMIN_GROUP could decide", () => {
    expect(needsUserInfo({ ...bare, email: "someone@portal.example" }, emailsOnly)).toBe(false);
    expect(needsUserInfo({ ...bare, email: "someone@portal.example" }, policy)).toBe(true);
    expect(needsUserInfo({ ...bare, email: "admin@portal.example" }, policy)).toBe(false);
    expect(needsUserInfo({ ...bare, email: "someone@portal.example", groups: [] }, policy)).toBe(false);
  });
});

describe("mergeUserInfo", () => {
  it("fills email, email_verified, groups and name from UserInfo, which then decide", () => {
    const merged = mergeUserInfo(bare, { sub, email: "admin@portal.example", email_verified: true, groups: ["portal-admins"], name: "Alex Morgan" });
    expect(merged).toEqual({ ...bare, email: "admin@portal.example", email_verified: true, groups: ["portal-admins"], name: "Alex Morgan" });
    expect(decideAdmin(merged, emailsOnly)).toEqual({ admin: true, email: "admin@portal.example", via: "email" });
    expect(decideAdmin(mergeUserInfo(bare, { sub, email: "someone@portal.example", groups: ["portal-admins"] }), policy)).toMatchObject({ admin: true, via: "group" });
  });

  it("never lets UserInfo override what the ID token says", () => {
    const id = { ...bare, email: "staff@portal.example", email_verified: true, groups: ["portal-staff"], name: "Sam" };
    expect(mergeUserInfo(id, { sub, email: "admin@portal.example", groups: ["portal-admins"], name: "Alex", iss: "https://evil.example" })).toEqual(id);
  });

  it("takes email and its verification flag together", () => {
    // The ID token's unverified flag does not cling to UserInfo's address, nor the other way round.
    expect(mergeUserInfo({ ...bare, email_verified: true }, { sub, email: "a@portal.example", email_verified: false })).toMatchObject({ email: "a@portal.example", email_verified: false });
    expect(mergeUserInfo({ ...bare, email_verified: false }, { sub, email: "a@portal.example" })).not.toHaveProperty("email_verified");
  });

  it("refuses UserInfo about another subject", () => {
    expect(() => mergeUserInfo(bare, { sub: "someone-else", email: "admin@portal.example" })).toThrow("subject mismatch");
    expect(() => mergeUserInfo(bare, { email: "admin@portal.example" })).toThrow("subject mismatch");
  });
});
