/**
 * The request route (POST /api/requests/identity-verification) as the benchmarks call it: in
 * process, with an invoice-paid request whose company, contact and individuals each run names.
 */

export interface BenchRequest {
  company: { name: string; companyId: string };
  mainContactEmail: string;
  billingEntityName: string;
  accountPayableContactEmail: string;
  individuals: unknown[];
}

/** The JSON body the request page would send for `request` (a PayByInvoice, Managed request). */
export function benchRequestBody(request: BenchRequest): string {
  return JSON.stringify({
    journey: "PayByInvoice",
    productTier: "Managed",
    company: request.company,
    mainContactFirstName: "Bench",
    mainContactLastName: "Contact",
    mainContactEmail: request.mainContactEmail,
    mainContactTelephone: "020 7946 0000",
    billingEntityName: request.billingEntityName,
    billingAddressLine1: "1 Bench Street",
    billingAddressCity: "London",
    billingAddressPostCode: "EC1A 1AA",
    billingAddressCountry: "GB",
    accountPayableContactFirstName: "Bench",
    accountPayableContactLastName: "Payables",
    accountPayableContactEmail: request.accountPayableContactEmail,
    vatNumber: "GB123456789",
    vatExempt: false,
    individuals: request.individuals,
    captchaToken: "test-pass",
  });
}

/**
 * Loads the route (import it only once the environment is configured) and answers a function that
 * sends it a body as a browser at `address` and reads the whole answer; anything but 200 throws.
 */
export async function loadRequestRoute(): Promise<(body: string, address: string) => Promise<void>> {
  const { POST } = await import("@/app/api/requests/identity-verification/route");
  const { CLIENT_ADDRESS_HEADER } = await import("@/lib/client-address");
  return async (body, address) => {
    const res = await POST(
      new Request("http://localhost:3000/api/requests/identity-verification", {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "bench", [CLIENT_ADDRESS_HEADER]: address },
        body,
      }),
    );
    const answer = await res.text();
    if (res.status !== 200) throw new Error(`the request route answered ${res.status}: ${answer.slice(0, 300)}`);
  };
}
