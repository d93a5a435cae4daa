import { acrClaim, amrClaim, decideSecondFactor, factorKinds } from "@/lib/auth/sso/second-factor";

const required = { required: true, acceptedAcr: [] as string[] };

describe("decideSecondFactor", () => {
  it("accepts amr naming two kinds of factor", () => {
    for (const amr of [["pwd", "otp"], ["hwk", "pin"], ["swk", "pin"], ["pwd", "sms"], ["sc", "pin"], ["hwk", "fpt"], ["face", "otp"], ["pwd", "tel"]]) {
      expect(decideSecondFactor({ amr }, required)).toEqual({ ok: true, shownBy: "amr" });
    }
  });

  it("accepts amr containing mfa, whatever else it lists", () => {
    expect(decideSecondFactor({ amr: ["mfa"] }, required)).toEqual({ ok: true, shownBy: "amr" });
    expect(decideSecondFactor({ amr: ["pwd", "mfa"] }, required)).toEqual({ ok: true, shownBy: "amr" });
    expect(decideSecondFactor({ amr: ["MFA"] }, required)).toMatchObject({ ok: true });
  });

  it("refuses one factor, however many methods of it", () => {
    for (const amr of [["pwd"], ["otp"], ["hwk"], ["pwd", "kba"], ["pwd", "pin"], ["sms", "otp"], ["face", "fpt"]]) {
      expect(decideSecondFactor({ amr }, required)).toEqual({ ok: false, reason: "second_factor_missing", amr, acr: null });
    }
  });

  it("counts no factor for methods that are not one (presence, location, risk, channels, Windows)", () => {
    for (const amr of [["pwd", "user"], ["pwd", "geo"], ["pwd", "rba"], ["pwd", "mca"], ["wia"], ["pwd", "wia"], ["hwk", "user"]]) {
      expect(decideSecondFactor({ amr }, required)).toMatchObject({ ok: false });
    }
  });

  it("refuses a token without amr, or with amr of another shape", () => {
    expect(decideSecondFactor({}, required)).toEqual({ ok: false, reason: "second_factor_missing", amr: [], acr: null });
    expect(decideSecondFactor({ amr: "pwd otp" }, required)).toMatchObject({ ok: false });
    expect(decideSecondFactor({ amr: { pwd: true, otp: true } }, required)).toMatchObject({ ok: false });
    expect(decideSecondFactor({ amr: [1, 2, null] }, required)).toMatchObject({ ok: false, amr: [] });
  });

  it("accepts an acr listed in ADMIN_ACCEPTED_ACR, exactly", () => {
    const policy = { required: true, acceptedAcr: ["http://schemas.openid.net/pape/policies/2007/06/multi-factor", "phr"] };
    expect(decideSecondFactor({ amr: ["pwd"], acr: "phr" }, policy)).toEqual({ ok: true, shownBy: "acr" });
    expect(decideSecondFactor({ acr: "http://schemas.openid.net/pape/policies/2007/06/multi-factor" }, policy)).toMatchObject({ ok: true, shownBy: "acr" });
    expect(decideSecondFactor({ acr: "PHR" }, policy)).toMatchObject({ ok: false, acr: "PHR" });
    expect(decideSecondFactor({ acr: "1" }, policy)).toMatchObject({ ok: false, acr: "1" });
    expect(decideSecondFactor({ acr: "phr" }, required)).toMatchObject({ ok: false });
  });

  it("lets every sign-in through when not required, saying whether a second factor was shown", () => {
    const optional = { required: false, acceptedAcr: ["phr"] };
    expect(decideSecondFactor({ amr: ["pwd"] }, optional)).toEqual({ ok: true, shownBy: null });
    expect(decideSecondFactor({}, optional)).toEqual({ ok: true, shownBy: null });
    expect(decideSecondFactor({ amr: ["pwd", "otp"] }, optional)).toEqual({ ok: true, shownBy: "amr" });
    expect(decideSecondFactor({ acr: "phr" }, optional)).toEqual({ ok: true, shownBy: "acr" });
  });
});

describe("claim helpers", () => {
  it("reads amr as lower-cased strings, a single string as one method", () => {
    expect(amrClaim({ amr: ["PWD", " otp ", 3, ""] })).toEqual(["pwd", "otp"]);
    expect(amrClaim({ amr: "mfa" })).toEqual(["mfa"]);
    expect(amrClaim({ amr: Array.from({ length: 50 }, () => "pwd") })).toHaveLength(20);
  });

  it("reads acr as a string", () => {
    expect(acrClaim({ acr: "urn:mace:incommon:iap:silver" })).toBe("urn:mace:incommon:iap:silver");
    expect(acrClaim({ acr: 2 })).toBeNull();
    expect(acrClaim({ acr: "  " })).toBeNull();
  });

  it("names the kinds of factor", () => {
    expect([...factorKinds(["pwd", "otp", "fpt"])].sort()).toEqual(["inherence", "knowledge", "possession"]);
    expect(factorKinds(["user", "geo"]).size).toBe(0);
  });
});
