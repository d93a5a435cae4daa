import { errorText } from "./queue";

describe("errorText", () => {
  it("reads a thrown error's message, pg-boss's own failures, and anything else", () => {
    expect(errorText({ name: "Error", message: "550 mailbox unavailable", stack: "…" })).toBe("550 mailbox unavailable");
    expect(errorText({ value: { message: "job timed out" } })).toBe("job timed out");
    expect(errorText({ value: 42 })).toBe('{"value":42}');
    expect(errorText(null)).toBe("unknown error");
    expect(errorText({ message: "x".repeat(3000) })).toHaveLength(2000);
  });
});
