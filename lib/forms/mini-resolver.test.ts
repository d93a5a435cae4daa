import { loginSchema } from "@/lib/schemas/sign-in";
import { miniResolver } from "./mini-resolver";

const resolve = (values: Record<string, string>) => miniResolver(loginSchema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("miniResolver", () => {
  it("returns the parsed (trimmed) values when valid", async () => {
    expect(await resolve({ email: " a@example.com ", reference: " AB12 " })).toEqual({ values: { email: "a@example.com", reference: "AB12" }, errors: {} });
  });

  it("returns the first error of every invalid field as a message key", async () => {
    const { errors, values } = await resolve({ email: "nope", reference: "" });
    expect(values).toEqual({});
    expect(errors).toEqual({ email: { type: "invalid_format", message: "email" }, reference: { type: "too_small", message: "required" } });
  });
});
