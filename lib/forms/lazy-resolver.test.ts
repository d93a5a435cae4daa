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

describe("lazyResolver with nested and list fields", () => {
  const issues = [
    { message: "required", path: ["company", "name"] },
    { message: "oneOffExactlyOne", path: ["individuals"] },
    { message: "email", path: ["individuals", 1, "email"] },
    { message: "duplicateEmail", path: [{ key: "individuals" }, { key: 1 }, { key: "email" }] },
  ];
  const schema = { "~standard": { validate: () => ({ issues }) } };

  it("nests errors by path, keeps the first of each field, and puts a list's own error under root", async () => {
    const resolve = lazyResolver(() => Promise.resolve(schema));
    const { errors } = await resolve({}, undefined, options);
    expect(errors).toEqual({
      company: { name: { type: "validation", message: "required" } },
      individuals: { 1: { email: { type: "validation", message: "email" } }, root: { type: "validation", message: "oneOffExactlyOne" } },
    });
  });
});
