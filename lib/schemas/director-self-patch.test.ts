import { PERSONAL_CODE_EXAMPLE, personalCodeSchema } from "./director-self-patch";

const messages = (input: unknown) => {
  const result = personalCodeSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("the Companies House personal code", () => {
  it("accepts 11 letters and digits, in any case and with spaces, and stores them upper case without spaces", () => {
    expect(personalCodeSchema.parse("rl47 kq2x m9t")).toBe("RL47KQ2XM9T");
    expect(personalCodeSchema.parse("RH4K7Q2XM9T")).toBe("RH4K7Q2XM9T");
  });

  it("refuses codes of the wrong length or with other characters", () => {
    for (const code of ["RH4K7Q2XM9", "RH4K7Q2XM9T1", "RH4K-7Q2XM9", ""]) expect(messages(code)).toEqual(["personalCode"]);
  });

  it.each([PERSONAL_CODE_EXAMPLE, "AB12CD34EF5", "ab12 cd34 ef5", " AB 12CD34EF 5 "])("refuses the example shown on the page (%j) with its own message", (code) => {
    expect(messages(code)).toEqual(["personalCodeExample"]);
  });
});
