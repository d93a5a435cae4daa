import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { prefillFromRecord } from "./existing-prefill";

const blank = {
  journey: "Existing",
  customerCode: "LW100",
  company: { name: "Typed Ltd", companyId: "" },
  mainContactFirstName: "",
  mainContactEmail: "",
  vatExempt: false,
  individuals: [{ name: "", email: "" }],
} as unknown as OnboardingRequestInput;

describe("prefillFromRecord", () => {
  it("fills company, contacts, billing, tier, VAT and the director import's individuals", () => {
    const next = prefillFromRecord(
      {
        name: "Hartwell Holdings Ltd",
        customerCode: "LW100",
        companyId: "01234567",
        journey: "PayByCard",
        productTier: "Managed",
        mainContactFirstName: "Olivia",
        mainContactEmail: "olivia@example.com",
        billingAddressCountry: "GB",
        vatExempt: true,
        directorImport: { directorInfos: [{ name: "Ann Lee", email: "ann@example.com" }, { name: "Bad", email: "x", validationError: true, errorMessage: "email" }] },
      },
      blank,
    );
    expect(next).toMatchObject({
      journey: "Existing",
      customerCode: "LW100",
      company: { name: "Hartwell Holdings Ltd", companyId: "01234567" },
      productTier: "Managed",
      mainContactFirstName: "Olivia",
      mainContactEmail: "olivia@example.com",
      billingAddressCountry: "GB",
      vatExempt: true,
      individuals: [{ name: "Ann Lee", email: "ann@example.com" }],
    });
  });

  it("keeps what was typed where the record has nothing usable, and ignores a non-object", () => {
    const next = prefillFromRecord({ name: "", companyId: 42, productTier: "Gold", vatExempt: "yes", directorImport: { directorInfos: [] } }, blank);
    expect(next).toEqual(blank);
    expect(prefillFromRecord(null, blank)).toBe(blank);
  });
});
