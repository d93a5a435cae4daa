import { duplicateEmailIndexes, MAX_INDIVIDUALS, onboardingRequestSchema, type OnboardingRequestInput } from "./onboarding-request";

function request(overrides: Partial<OnboardingRequestInput> = {}): OnboardingRequestInput {
  return {
    journey: "PayByInvoice",
    productTier: "Managed",
    company: { name: " Acme Holdings Ltd ", companyId: "01234567" },
    mainContactFirstName: "Ann",
    mainContactLastName: "Lee",
    mainContactEmail: " Ann.Lee@Acme.EXAMPLE ",
    mainContactTelephone: "+44 20 7946 0000",
    billingEntityName: "Acme Holdings Ltd",
    billingAddressLine1: "1 High Street",
    billingAddressLine2: "",
    billingAddressCity: "London",
    billingAddressState: "",
    billingAddressPostCode: "EC1A 1AA",
    billingAddressCountry: "gb",
    accountPayableContactFirstName: "Pat",
    accountPayableContactLastName: "Payne",
    accountPayableContactEmail: "ap@acme.example",
    accountPayableContactTelephone: "",
    vatNumber: "gb 123 4567 89",
    vatExempt: false,
    purchaseOrderInfo: "",
    individuals: [{ name: "Jane Smith", email: "Jane@Acme.example" }],
    ...overrides,
  };
}

function issues(input: unknown) {
  const r = onboardingRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
}

describe("onboardingRequestSchema", () => {
  it("trims, lower-cases emails, upper-cases the country and VAT number, and drops blank optional fields", () => {
    const r = onboardingRequestSchema.parse(request());
    expect(r.company.name).toBe("Acme Holdings Ltd");
    expect(r.mainContactEmail).toBe("ann.lee@acme.example");
    expect(r.individuals).toEqual([{ name: "Jane Smith", email: "jane@acme.example" }]);
    expect(r.billingAddressCountry).toBe("GB");
    expect(r.vatNumber).toBe("GB123456789");
    expect(r.billingAddressLine2).toBeUndefined();
    expect(r.accountPayableContactTelephone).toBeUndefined();
    expect(r.purchaseOrderInfo).toBeUndefined();
  });

  it("needs a VAT number unless VAT exempt", () => {
    expect(issues(request({ vatNumber: "" }))).toEqual([["vatNumber", "vatNumberRequired"]]);
    expect(issues(request({ vatNumber: "", vatExempt: true }))).toEqual([]);
    expect(issues(request({ vatNumber: "not a vat number!" }))).toEqual([["vatNumber", "vatNumberFormat"]]);
  });

  it("takes VAT numbers in HMRC's format, spaces allowed, stored without them", () => {
    expect(onboardingRequestSchema.parse(request({ vatNumber: " xi 123 4567 89 012 " })).vatNumber).toBe("XI123456789012");
    expect(onboardingRequestSchema.parse(request({ vatNumber: "GBGD 001" })).vatNumber).toBe("GBGD001");
    for (const vatNumber of ["123456789", "GB12345678", "IE1234567T"]) expect(issues(request({ vatNumber }))).toEqual([["vatNumber", "vatNumberFormat"]]);
  });

  it("takes company numbers in Companies House's format, refusing ABC", () => {
    expect(onboardingRequestSchema.parse(request({ company: { name: "A Ltd", companyId: " sc 123 456 " } })).company.companyId).toBe("SC123456");
    expect(onboardingRequestSchema.parse(request({ company: { name: "A Ltd", companyId: "0123 4567" } })).company.companyId).toBe("01234567");
    for (const companyId of ["ABC", "1234567", "SC1234567"]) expect(issues(request({ company: { name: "A Ltd", companyId } }))).toEqual([["company.companyId", "companyIdFormat"]]);
    expect(issues(request({ company: { name: "A Ltd", companyId: "  " } }))).toEqual([["company.companyId", "companyIdRequired"]]);
  });

  it("takes exactly one individual for OneOff, one or more for Managed, at most MAX_INDIVIDUALS", () => {
    const two = [{ name: "A", email: "a@x.example" }, { name: "B", email: "b@x.example" }];
    expect(issues(request({ productTier: "OneOff", individuals: two }))).toEqual([["individuals", "oneOffExactlyOne"]]);
    expect(issues(request({ productTier: "OneOff" }))).toEqual([]);
    expect(issues(request({ individuals: two }))).toEqual([]);
    expect(issues(request({ individuals: [] }))).toEqual([["individuals", "individualsRequired"]]);
    const many = Array.from({ length: MAX_INDIVIDUALS + 1 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.example` }));
    expect(issues(request({ individuals: many }))).toEqual([["individuals", "tooManyIndividuals"]]);
  });

  it("flags each later copy of an email, whatever its case and spaces", () => {
    const individuals = [{ name: "A", email: "a@x.example" }, { name: "B", email: " A@X.example" }, { name: "C", email: "c@x.example" }, { name: "D", email: "a@x.example" }];
    expect(issues(request({ individuals }))).toEqual([
      ["individuals.1.email", "duplicateEmail"],
      ["individuals.3.email", "duplicateEmail"],
    ]);
  });

  it("gives every field its own error", () => {
    expect(
      issues(request({ company: { name: "", companyId: "" }, mainContactEmail: "nope", mainContactTelephone: "call me", billingAddressCountry: "XX", individuals: [{ name: "", email: "" }] })),
    ).toEqual([
      ["company.name", "companyNameRequired"],
      ["company.companyId", "companyIdRequired"],
      ["mainContactEmail", "mainContactEmailFormat"],
      ["mainContactTelephone", "telephone"],
      ["billingAddressCountry", "countryCode"],
      ["individuals.0.name", "individualNameRequired"],
      ["individuals.0.email", "individualEmailRequired"],
    ]);
  });

  it("refuses unknown journeys and tiers, line breaks in names, and a customer code outside the Existing journey", () => {
    expect(issues(request({ journey: "Free" as never }))).toContainEqual(["journey", "invalidValue"]);
    expect(issues(request({ productTier: "Gold" as never }))).toContainEqual(["productTier", "productTierRequired"]);
    expect(issues(request({ mainContactFirstName: "Ann\nEmail address: x@y" }))).toEqual([["mainContactFirstName", "invalidCharacters"]]);
    expect(issues(request({ customerCode: "LW123" }))).toEqual([["customerCode", "customerCodeOnlyExisting"]]);
    expect(issues(request({ journey: "Existing", customerCode: "LW123" }))).toEqual([]);
    expect(issues(request({ journey: "Existing", customerCode: " " }))).toEqual([["customerCode", "customerCodeRequired"]]);
  });
});

describe("duplicateEmailIndexes", () => {
  it("ignores missing and blank emails", () => {
    expect(duplicateEmailIndexes([{ email: "" }, { email: "" }, null, {}, { email: "x@y" }, { email: "X@Y " }])).toEqual([5]);
  });

  it("keeps the register entry of an individual picked from Companies House, and refuses one of the wrong shape", () => {
    const register = { officerId: "rt9A_AVTCVLLNwL5l1mkPToiKEO", role: "llp-designated-member", appointedOn: "2019-09-10", birthMonth: 4, birthYear: 1976 };
    const r = onboardingRequestSchema.parse(request({ individuals: [{ name: "Benjamin Ashworth", email: "ben@example.com", register }, { name: "Zoe Hand", email: "zoe@example.com" }] }));
    expect(r.individuals).toEqual([
      { name: "Benjamin Ashworth", email: "ben@example.com", register },
      { name: "Zoe Hand", email: "zoe@example.com" },
    ]);
    expect(onboardingRequestSchema.parse(request({ individuals: [{ name: "A PSC", email: "a@example.com", register: { role: "psc" } }] })).individuals[0]!.register).toEqual({ role: "psc" });
    const bad = (register: unknown) => issues(request({ individuals: [{ name: "Jane Smith", email: "jane@example.com", register } as never] }));
    expect(bad({ role: "Director" })).toEqual([["individuals.0.register.role", "invalidValue"]]);
    expect(bad({ role: "director", officerId: "../x" })).toEqual([["individuals.0.register.officerId", "invalidValue"]]);
    expect(bad({ role: "director", appointedOn: "2019-02-30" })).toEqual([["individuals.0.register.appointedOn", "invalidValue"]]);
    expect(bad({ role: "director", birthMonth: 0, birthYear: 1.5 })).toEqual([
      ["individuals.0.register.birthMonth", "invalidValue"],
      ["individuals.0.register.birthYear", "invalidValue"],
    ]);
    expect(bad("director")).toEqual([["individuals.0.register", "invalidValue"]]);
  });
});
