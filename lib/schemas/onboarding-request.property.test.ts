import fc from "fast-check";
import { onboardingRequestBody } from "@/tests/support/onboarding-request-arbitrary";
import { onboardingRequestSchema } from "./onboarding-request";

// The public request schema never throws, whatever the body: it answers a result, so the route
// answers 400 for anything it refuses (tests/integration/onboarding-request-property.test.ts runs
// a subset of these bodies through the route itself).
describe("onboardingRequestSchema (fast-check)", () => {
  it("parses 2,000 random bodies without throwing, accepting some and refusing others", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(onboardingRequestBody(), fc.anything()), (body) => {
        const result = onboardingRequestSchema.safeParse(body);
        if (result.success) accepted += 1;
        else expect(result.error.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
