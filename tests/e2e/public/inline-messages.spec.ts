import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { demoTestUser } from "../support/fixtures";

/*
 * A page's HTML carries the messages its client components use, not the whole catalogue (issue 23;
 * docs/speed.md "Public and director pages"): what a NextIntlClientProvider is given is inlined
 * into the HTML as part of the React Server Components payload and parsed on every load. Each page
 * below, in English and in Welsh: the inline scripts stay under the size of the whole catalogue,
 * its own namespace and the validation messages its form shows in the browser are there,
 * in the page's language, and namespaces no public or director page uses in the browser (emails, API
 * errors, the staff's pages) are not.
 */

const catalogueText = (locale: string) => fs.readFileSync(`messages/${locale}.json`, "utf8");
const catalogueBytes = Buffer.byteLength(JSON.stringify(JSON.parse(catalogueText("en-GB"))));

const pages = [
  { tag: "PUBLIC", name: "sign-in page", path: "/login", own: "login" },
  { tag: "PUBLIC", name: "request form", path: "/requests/identity-verification?journey=PayByInvoice&companyName=Acme&lwdbNumber=123", own: "requestForm" },
  { tag: "PUBLIC", name: "contact us page", path: "/contact", own: "contact" },
  {
    tag: "DIRECTOR",
    name: "director's page",
    path: "/identity-verification/individual-details",
    as: demoTestUser.director,
    own: "directorJourney",
  },
  {
    tag: "CONTACT",
    name: "contact's company page",
    path: "/identity-verification/company-management",
    as: demoTestUser.contact,
    own: "secure",
  },
] as const;

/** The inline scripts of a page's HTML (the RSC payload, Next.js's bootstrap), quotes unescaped. */
function inlineScripts(html: string): string {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("\n");
}

for (const locale of ["en-GB", "cy"] as const) {
  const messages = JSON.parse(catalogueText(locale)) as { validation: { invalidValue: string } };
  for (const p of pages) {
    test(`[${p.tag}] the ${p.name} inlines its own messages, not the catalogue (${locale})`, async ({ request }) => {
      const headers: Record<string, string> = { cookie: `lang=${locale}` };
      if ("as" in p) headers["test-user"] = p.as;
      const response = await request.get(p.path, { headers });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}"`);
      const inline = inlineScripts(html);
      // With the whole catalogue (escaped in the payload) a page's inline scripts would be larger
      // than it; with its own messages and its content they are well under.
      expect(Buffer.byteLength(inline), "inline script bytes").toBeLessThan(catalogueBytes);
      const payload = inline.replace(/\\"/g, '"');
      expect(payload).toContain(`"${p.own}":{`);
      // Shown only once a field is found wanting: here because the page hands it to its form.
      expect(payload).toContain(`"invalidValue":${JSON.stringify(messages.validation.invalidValue)}`);
      for (const unrelated of ["email", "apiErrors", "auditSentence", "clientSearch", "operations", "exports"]) {
        expect(payload, `the "${unrelated}" messages`).not.toContain(`"${unrelated}":{`);
      }
    });
  }
}
