import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_STAMPED_ENV } from "./client-address";
import { clientIp, fieldErrors, queryObject, readBody, readJson } from "./http";

const req = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("clientIp", () => {
  const saved = process.env[CLIENT_ADDRESS_STAMPED_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[CLIENT_ADDRESS_STAMPED_ENV];
    else process.env[CLIENT_ADDRESS_STAMPED_ENV] = saved;
  });

  it("reads the address the portal's server wrote, never X-Forwarded-For", () => {
    process.env[CLIENT_ADDRESS_STAMPED_ENV] = "1";
    expect(clientIp(req({ [CLIENT_ADDRESS_HEADER]: "203.0.113.5", "x-forwarded-for": "6.6.6.6" }))).toBe("203.0.113.5");
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6" }))).toBe("unknown");
  });

  it("trusts no header where the portal's server did not run", () => {
    delete process.env[CLIENT_ADDRESS_STAMPED_ENV];
    expect(clientIp(req({ [CLIENT_ADDRESS_HEADER]: "203.0.113.5", "x-forwarded-for": "6.6.6.6" }))).toBe("unknown");
  });
});

describe("fieldErrors", () => {
  it("keys every field, even ones named like Object.prototype members", async () => {
    const { z } = await import("zod");
    const schema = z.strictObject({ name: z.string() });
    const result = schema.safeParse({ name: 1, __proto__: 1, constructor: 1, toString: 1 });
    // JSON.parse makes "__proto__" an own key, as a request body would.
    const fromJson = schema.safeParse(JSON.parse('{"__proto__":1,"constructor":1,"toString":1}'));
    expect(result.success || fromJson.success).toBe(false);
    const errors = fieldErrors(fromJson.error!);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(Object.keys(errors).sort()).toEqual(["_", "name"]);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(errors);
  });

  it("collects every issue of a field, and the root as `_`", async () => {
    const { z } = await import("zod");
    // Issues at the paths a search's own unknown-key check reports, as it does for a body's keys.
    const schema = z.unknown().superRefine((_, ctx) => {
      for (const key of ["constructor", "constructor", "toString", "__proto__"]) ctx.addIssue({ code: "custom", path: [key], message: "unknownKey" });
    });
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.hasOwn(errors, "__proto__")).toBe(true);
    expect(errors.constructor).toHaveLength(2);
    expect(errors.toString).toHaveLength(1);
    expect(JSON.stringify(errors)).toContain('"__proto__":[');
    expect(fieldErrors(z.string().safeParse(1).error!)).toEqual({ _: [expect.any(String)] });
  });
});

describe("queryObject", () => {
  it("takes each name's first value and treats prototype member names as plain keys", () => {
    const q = queryObject("http://x/?a=1&a=2&constructor=c&__proto__=p&toString=t");
    expect(q).toEqual(JSON.parse('{"a":"1","constructor":"c","__proto__":"p","toString":"t"}'));
    expect(Object.getPrototypeOf(q)).toBe(Object.prototype);
  });
});

/** A body of `total` bytes in `chunk`-byte pieces, counting how many bytes the reader pulled. */
function countingBody(total: number, chunk: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const post = (body: BodyInit | ReadableStream, headers: Record<string, string> = {}) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBody / readJson", () => {
  it("stops reading a chunked body without Content-Length at the cap", async () => {
    const cap = 64 * 1024;
    const chunk = 16 * 1024;
    const { stream, counter } = countingBody(20 * 1024 * 1024, chunk);
    const request = post(stream);
    expect(request.headers.get("content-length")).toBeNull();
    await expect(readJson(request, cap)).rejects.toMatchObject({ code: "bad_request", messageKey: "too_large" });
    expect(counter.pulled).toBeLessThanOrEqual(cap + 2 * chunk);
    expect(counter.pulled).toBeGreaterThan(cap);
    expect(counter.cancelled).toBe(true);
  });

  it("refuses a declared Content-Length over the cap without reading", async () => {
    const { stream, counter } = countingBody(1024, 1024);
    await expect(readBody(post(stream, { "content-length": "100000" }), 1000)).rejects.toMatchObject({ messageKey: "too_large" });
    expect(counter.pulled).toBe(0);
  });

  it("reads a body up to exactly the cap, counting bytes not characters", async () => {
    await expect(readBody(post("x".repeat(10)), 10)).resolves.toHaveLength(10);
    await expect(readBody(post("é".repeat(6)), 10)).rejects.toMatchObject({ messageKey: "too_large" });
    await expect(readBody(new Request("http://localhost/"), 10)).resolves.toHaveLength(0);
  });

  it("parses JSON (a leading BOM dropped) and refuses anything else", async () => {
    await expect(readJson(post('\ufeff{"a":"ü"}'))).resolves.toEqual({ a: "ü" });
    await expect(readJson(post("{nope"))).rejects.toMatchObject({ code: "bad_request", messageKey: "invalid_json" });
    await expect(readJson(post(""))).rejects.toMatchObject({ messageKey: "invalid_json" });
  });
});
