import fc from "fast-check";

/**
 * Request bodies for POST /api/requests/identity-verification, for property tests: mostly a valid
 * request with some fields replaced by any JSON value or left out, sometimes any JSON at all. The
 * valid parts are unique per body (company name and emails), so accepted ones do not collide.
 */
export function onboardingRequestBody(): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  const text = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) });
  /** Mostly the good value, sometimes any JSON, sometimes left out. */
  const field = <T>(good: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 40, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anything }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: text });
  /** The usual value, now and then another (valid or not). */
  const mostly = <T>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: other });
  const tag = fc.uuid().map((u) => u.slice(0, 8) + u.slice(24));
  const body = tag.chain((t) =>
    fc.record({
      journey: field(mostly(fc.constantFrom("PayByInvoice", "PayByCard"), fc.constant("Existing"))),
      productTier: field(mostly(fc.constant("Managed"), fc.constantFrom("OneOff", "Platinum"))),
      customerCode: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: text }),
      company: field(fc.record({ name: field(fc.constant(`Property ${t} Ltd`)), companyId: field(fc.constant("01234567")) })),
      mainContactFirstName: field(fc.constant("Ann")),
      mainContactLastName: field(fc.constant("Lee")),
      mainContactEmail: field(fc.constant(`ann.${t}@example.com`)),
      mainContactTelephone: field(fc.constant("+44 20 7946 0000")),
      billingEntityName: field(fc.constant(`Property ${t} Ltd`)),
      billingAddressLine1: field(fc.constant("1 High Street")),
      billingAddressLine2: field(fc.oneof(fc.constant(""), text)),
      billingAddressCity: field(fc.constant("London")),
      billingAddressPostCode: field(fc.constant("EC1A 1AA")),
      billingAddressCountry: field(mostly(fc.constantFrom("GB", "gb", "IE"), fc.constant("XX"))),
      accountPayableContactFirstName: field(fc.constant("Pat")),
      accountPayableContactLastName: field(fc.constant("Payne")),
      accountPayableContactEmail: field(fc.constant(`ap.${t}@example.com`)),
      vatNumber: field(mostly(fc.constant("GB123456789"), fc.constantFrom("", "??"))),
      vatExempt: field(mostly(fc.constant(false), fc.constant(true))),
      purchaseOrderInfo: field(fc.oneof(fc.constant("PO-1"), text)),
      individuals: field(
        fc.array(
          fc.oneof(
            { weight: 20, arbitrary: fc.nat(999).map((i) => ({ name: `Director ${i}`, email: `d${i}.${t}@example.com` })) },
            { weight: 1, arbitrary: fc.record({ name: field(text), email: field(text) }) },
            { weight: 1, arbitrary: anything },
          ),
          { minLength: 1, maxLength: 3 },
        ),
      ),
    }),
  );
  return fc.oneof({ weight: 12, arbitrary: body }, { weight: 1, arbitrary: anything });
}
