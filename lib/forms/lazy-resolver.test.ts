import { lazyResolver } from "./lazy-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyResolver", () => {
  it("loads the schema once, returns trimmed values when valid", async () => {
    const load = jest.fn(() => import("@/lib/schemas/sign-in").then((m) => m.loginSchema));
    const resolve = lazyResolver(load);
    resolve.preload();
    expect(await resolve({ email: " a@example.com ", reference: " AB12 " }, undefined, options)).toEqual({ values: { email: "a@example.com", reference: "AB12" }, errors: {} });
    await resolve({ email: "", reference: "" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("returns the first error of every invalid field as a message key", async () => {
    const resolve = lazyResolver(() => import("@/lib/schemas/sign-in").then((m) => m.loginSchema));
    const { errors, values } = await resolve({ email: "nope", reference: "" }, undefined, options);
    expect(values).toEqual({});
    expect(errors).toEqual({ email: { type: "validation", message: "email" }, reference: { type: "validation", message: "required" } });
  });
});
