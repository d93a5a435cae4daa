import { loginPrefill, loginPrefillPath } from "./login-prefill";

describe("loginPrefill", () => {
  it("keeps a valid email and reference, trimmed", () => {
    expect(loginPrefill({ email: " james.whitaker@hartwell-holdings.example ", reference: "JW4T8KQM" })).toEqual({
      email: "james.whitaker@hartwell-holdings.example",
      reference: "JW4T8KQM",
    });
  });

  it("drops each invalid value on its own, keeping the other", () => {
    expect(loginPrefill({ email: "not an email", reference: "JW4T8KQM" })).toEqual({ email: "", reference: "JW4T8KQM" });
    expect(loginPrefill({ email: "a@b.example", reference: "<script>alert(1)</script>" })).toEqual({ email: "a@b.example", reference: "" });
    expect(loginPrefill({ email: "a@b.example", reference: "X".repeat(41) })).toEqual({ email: "a@b.example", reference: "" });
    expect(loginPrefill({ email: `${"a".repeat(250)}@b.example`, reference: "\u0000" })).toEqual({ email: "", reference: "" });
  });

  it("ignores missing and repeated names", () => {
    expect(loginPrefill({})).toEqual({ email: "", reference: "" });
    expect(loginPrefill({ email: ["a@b.example", "c@d.example"], reference: undefined })).toEqual({ email: "", reference: "" });
  });

  it("reads back what loginPrefillPath wrote, whatever the email holds", () => {
    const who = { email: "o'brien+director@example.co.uk", reference: "AB7K-2QPX" };
    const path = loginPrefillPath(who);
    expect(path).toBe("/login?email=o%27brien%2Bdirector%40example.co.uk&reference=AB7K-2QPX");
    const query = Object.fromEntries(new URL(path, "https://portal.example").searchParams);
    expect(loginPrefill(query)).toEqual(who);
  });
});
