import { MAX_IDV_ATTEMPTS } from "./director-lifecycle";
import { attemptsLeft, detailsComplete, directorTaskList, nextStep, type JourneyDirector, type TaskListDirector } from "./director-journey";

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

describe("the director's task list", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const fresh: TaskListDirector = { status: "AwaitingIDInfo", detailsComplete: false, idvFailedAttempts: 0, sessionUrl: null, sessionExpiry: null };
  const ready: TaskListDirector = { ...fresh, detailsComplete: true };
  const states = (d: TaskListDirector) => {
    const list = directorTaskList(d, now);
    return [list.details.state, list.identityCheck.state, list.personalCode.state];
  };

  it("starts with the details; the check and the code cannot start yet", () => {
    expect(states(fresh)).toEqual(["notStarted", "cannotStartYet", "cannotStartYet"]);
  });

  it("shows the details in progress once some of the address is given, and the check still cannot start", () => {
    expect(states({ ...fresh, addressLine1: "1 Elm Grove" })).toEqual(["inProgress", "cannotStartYet", "cannotStartYet"]);
    expect(states({ ...fresh, addressLine1: "  ", city: null })).toEqual(["notStarted", "cannotStartYet", "cannotStartYet"]);
  });

  it("lets the check start once the details are complete", () => {
    expect(states(ready)).toEqual(["completed", "notStarted", "cannotStartYet"]);
  });

  it("shows the check in progress while a provider session is open, and not once it has expired", () => {
    const open = { ...ready, sessionUrl: "https://yoti.example/s", sessionExpiry: "2026-11-23T13:00:00Z" };
    expect(states(open)).toEqual(["completed", "inProgress", "cannotStartYet"]);
    expect(states({ ...open, sessionExpiry: new Date("2026-11-23T11:59:59Z") })[1]).toBe("notStarted");
  });

  it("shows an expired link as a check in progress, to start again", () => {
    expect(states({ ...ready, status: "IDVLinkExpired" })).toEqual(["completed", "inProgress", "cannotStartYet"]);
  });

  it("counts the attempts left after a failed check", () => {
    expect(directorTaskList({ ...ready, idvFailedAttempts: 1 }, now).identityCheck).toEqual({ state: "failed", attemptsLeft: MAX_IDV_ATTEMPTS - 1 });
    expect(directorTaskList({ ...ready, idvFailedAttempts: 2 }, now).identityCheck).toEqual({ state: "failed", attemptsLeft: 1 });
  });

  it.each([
    ["UnderReview", ["completed", "underReview", "cannotStartYet"]],
    ["OutstandingIDInfo", ["completed", "moreDocumentsNeeded", "cannotStartYet"]],
    ["Verified", ["completed", "completed", "notStarted"]],
    ["AwaitingAuthCode", ["completed", "completed", "notStarted"]],
    ["Complete", ["completed", "completed", "completed"]],
    ["Rejected", ["completed", "rejected", "cannotStartYet"]],
  ] as const)("at %s the tasks are %j", (status, expected) => {
    // Past the check the details are locked: done, whatever the history now says.
    expect(states({ ...fresh, status })).toEqual(expected);
  });

  it("leaves no attempts once Rejected, however the rejection came", () => {
    expect(directorTaskList({ ...ready, status: "Rejected", idvFailedAttempts: 3 }, now).identityCheck).toEqual({ state: "rejected", attemptsLeft: 0 });
    expect(attemptsLeft({ status: "Rejected", idvFailedAttempts: 0 })).toBe(0);
    expect(attemptsLeft({ status: "AwaitingIDInfo", idvFailedAttempts: 0 })).toBe(MAX_IDV_ATTEMPTS);
    expect(attemptsLeft({ status: "AwaitingIDInfo", idvFailedAttempts: 5 })).toBe(0);
  });
});
