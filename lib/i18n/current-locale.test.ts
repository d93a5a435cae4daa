import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import { currentLocale, withLocale } from "./current-locale";
import { localeOr, otherLocale } from "./locales";

/** Runs `fn` as Next.js runs a page or route: inside its request store, with these cookies. */
function inRequest<T>(cookie: string, fn: () => T): T {
  const store = { type: "request", cookies: new RequestCookies(new Headers({ cookie })) };
  return workUnitAsyncStorage.run(store as never, fn);
}

describe("currentLocale", () => {
  it("is English outside any request (jobs, scripts)", () => {
    expect(currentLocale()).toBe("en-GB");
  });

  it("follows the lang cookie of the request being answered, across awaits", async () => {
    expect(inRequest("lang=cy", () => currentLocale())).toBe("cy");
    await expect(inRequest("a=1; lang=cy", async () => (await Promise.resolve(), currentLocale()))).resolves.toBe("cy");
    expect(inRequest("lang=en-GB", () => currentLocale())).toBe("en-GB");
  });

  it("is English for a request without the cookie or with an unknown language", () => {
    expect(inRequest("", () => currentLocale())).toBe("en-GB");
    expect(inRequest("lang=fr", () => currentLocale())).toBe("en-GB");
  });

  it("takes a withLocale scope before the request's cookie", () => {
    expect(inRequest("lang=en-GB", () => withLocale("cy", () => currentLocale()))).toBe("cy");
    expect(withLocale(undefined, () => currentLocale())).toBe("en-GB");
  });
});

describe("locales", () => {
  it("reads a cookie's value, English for anything unknown", () => {
    expect(localeOr("cy")).toBe("cy");
    expect(localeOr("CY")).toBe("en-GB");
    expect(localeOr(undefined)).toBe("en-GB");
  });

  it("offers the other language", () => {
    expect(otherLocale("en-GB")).toBe("cy");
    expect(otherLocale("cy")).toBe("en-GB");
  });
});
