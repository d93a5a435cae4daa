import { evidenceNeeded } from "./evidence-needed";

describe("evidenceNeeded", () => {
  it("asks for nothing unless more evidence is outstanding", () => {
    for (const status of ["AwaitingIDInfo", "UnderReview", "Verified", "AwaitingAuthCode", "Complete", "Rejected", "IDVLinkExpired"]) {
      expect(evidenceNeeded({ status, formerNames: ["Jane Smith"] })).toEqual([]);
    }
  });

  it("asks for proof of address, and of the change of name when there are former names", () => {
    expect(evidenceNeeded({ status: "OutstandingIDInfo", formerNames: [] })).toEqual(["Address"]);
    expect(evidenceNeeded({ status: "OutstandingIDInfo", formerNames: null })).toEqual(["Address"]);
    expect(evidenceNeeded({ status: "OutstandingIDInfo", formerNames: [{ name: "Jane Smith", from: "2001-01-01" }] })).toEqual(["Name", "Address"]);
  });
});
