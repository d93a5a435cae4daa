import { clientStatusLifecycleOrder, clientStatusValues, directorStatusLifecycleOrder, directorStatusValues } from "./values";

describe("status lifecycle orders", () => {
  it("list every client status once, from payment pending to completed", () => {
    expect([...clientStatusLifecycleOrder].sort()).toEqual([...clientStatusValues].sort());
    expect(new Set(clientStatusLifecycleOrder).size).toBe(clientStatusLifecycleOrder.length);
    expect(clientStatusLifecycleOrder).toEqual(["PaymentPending", "New", "Onboarding", "InProgress", "Completed"]);
  });

  it("list every director status once, from awaiting ID info to complete, rejected last", () => {
    expect([...directorStatusLifecycleOrder].sort()).toEqual([...directorStatusValues].sort());
    expect(new Set(directorStatusLifecycleOrder).size).toBe(directorStatusLifecycleOrder.length);
    expect(directorStatusLifecycleOrder).toEqual([
      "AwaitingIDInfo",
      "IDVLinkExpired",
      "UnderReview",
      "OutstandingIDInfo",
      "Verified",
      "AwaitingAuthCode",
      "Complete",
      "Rejected",
    ]);
  });
});
