import { renderEmail, safeSubject } from "./render";

describe("email subjects", () => {
  const hostile = "Please verify your identity for <a href=x>Evil</a>\r\nBcc: x";

  it("strip markup and line breaks from the text a subject carries", () => {
    expect(safeSubject(hostile)).toBe("Please verify your identity for Evil Bcc: x");
    expect(safeSubject("A\u2028B\u2029C\u0085D\tE\u0000F")).toBe("A B C D E F");
    expect(safeSubject("Smith <b>& Sons</b> Ltd <script")).toBe("Smith & Sons Ltd script");
    expect(safeSubject("Hartwell Holdings Ltd")).toBe("Hartwell Holdings Ltd");
  });

  it("are made safe by renderEmail, for every email, in the subject and the HTML title", () => {
    const email = renderEmail({ subject: hostile, paragraphs: ["Hello"] });
    expect(email.subject).toBe("Please verify your identity for Evil Bcc: x");
    expect(email.subject).not.toMatch(/[\r\n<>]/);
    expect(email.html).toContain("<title>Please verify your identity for Evil Bcc: x</title>");
  });
});
