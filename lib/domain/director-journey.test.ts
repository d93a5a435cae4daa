import { detailsComplete, nextStep, type JourneyDirector } from "./director-journey";

const today = "2026-11-23";
const given: JourneyDirector = { status: "AwaitingIDInfo", firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Elm Grove", city: "York", country: "GB", currentAddressStartDate: "2020-01-01" };

describe("the director's next step", () => {
  it("asks for details until names, an address and 12 months of history are given", () => {
    expect(nextStep({ ...given, firstName: null }, [], today)).toBe("details");
    expect(nextStep({ ...given, country: null }, [], today)).toBe("details");
    expect(nextStep({ ...given, currentAddressStartDate: "2026-06-01" }, [], today)).toBe("details");
    expect(nextStep({ ...given, currentAddressStartDate: "2026-06-01" }, [{ startDate: "2024-01-01", endDate: "2026-05-31" }], today)).toBe("identityCheck");
    expect(detailsComplete(given, [], today)).toBe(true);
  });

  it.each([
    ["IDVLinkExpired", "identityCheck"],
    ["UnderReview", "underReview"],
    ["OutstandingIDInfo", "evidence"],
    ["Verified", "personalCode"],
    ["AwaitingAuthCode", "personalCode"],
    ["Complete", "done"],
    ["Rejected", "rejected"],
  ] as const)("at %s it is %s", (status, step) => {
    expect(nextStep({ ...given, status }, [], today)).toBe(step);
  });
});
