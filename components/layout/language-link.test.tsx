import { render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { catalogues } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locales";
import { LanguageLink, LanguageLinkWithoutQuery } from "./language-link";

let pathname = "/login";
let search = "";
jest.mock("next/navigation", () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(search),
}));

function renderIn(locale: Locale, ui = <LanguageLink />) {
  render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]}>
      {ui}
    </NextIntlClientProvider>,
  );
  return screen.getByTestId("language-link");
}

describe("LanguageLink", () => {
  beforeEach(() => {
    pathname = "/login";
    search = "";
  });

  it("offers Welsh on an English page, marked as Welsh, and comes back to the page", () => {
    const link = renderIn("en-GB");
    expect(link).toHaveAccessibleName("Cymraeg");
    expect(link).toHaveAttribute("lang", "cy");
    expect(link).toHaveAttribute("hreflang", "cy");
    expect(link).toHaveAttribute("href", "/api/language?to=cy&back=%2Flogin");
  });

  it("offers English on a Welsh page", () => {
    pathname = "/identity-verification";
    const link = renderIn("cy");
    expect(link).toHaveAccessibleName("English");
    expect(link).toHaveAttribute("lang", "en-GB");
    expect(link).toHaveAttribute("hreflang", "en-GB");
    expect(link).toHaveAttribute("href", "/api/language?to=en-GB&back=%2Fidentity-verification");
  });

  it("keeps the page's query (a sign-in page filled in from an invitation)", () => {
    search = "email=james%40example.com&reference=JW4T8KQM";
    const href = new URL(renderIn("en-GB").getAttribute("href")!, "http://portal.test");
    expect(href.pathname).toBe("/api/language");
    expect(href.searchParams.get("back")).toBe("/login?email=james%40example.com&reference=JW4T8KQM");
  });

  it("without the query (a static render) goes back to the path", () => {
    search = "email=a%40b.c";
    expect(renderIn("en-GB", <LanguageLinkWithoutQuery />)).toHaveAttribute("href", "/api/language?to=cy&back=%2Flogin");
  });
});
