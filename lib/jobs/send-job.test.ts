import { jobIdForKey } from "./send-job";

describe("jobIdForKey", () => {
  it("gives the same UUID for the same job and key, and a different one otherwise", () => {
    const id = jobIdForKey("email.send", "enquiry-1-support-email");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdForKey("email.send", "enquiry-1-support-email")).toBe(id);
    expect(jobIdForKey("email.send", "enquiry-2-support-email")).not.toBe(id);
    expect(jobIdForKey("sign-in-link.send", "enquiry-1-support-email")).not.toBe(id);
    // The separator keeps name and key apart: "a" + "b.c" is not "a.b" + "c".
    expect(jobIdForKey("a", "b.c")).not.toBe(jobIdForKey("a.b", "c"));
  });
});
