import { GET as choose } from "@/app/(public)/requests/identity-verification/choose/route";
import { getEnv } from "@/lib/env";

/*
 * The answer of the request page's "How will the company pay?": a plain GET form, so the route
 * sends the browser on with 303 to the request page with the chosen journey, or back to the
 * question (an empty journey: its error) when nothing was chosen.
 */
const get = (query: string) => choose(new Request(`http://localhost:3000/requests/identity-verification/choose${query}`));

describe("GET /requests/identity-verification/choose", () => {
  it("goes on to the request page with the chosen journey and the values carried", async () => {
    const res = await get("?companyName=Acme+Ltd&journey=PayByCard");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(new URL("/requests/identity-verification?journey=PayByCard&companyName=Acme+Ltd", getEnv().APP_URL).toString());
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("goes back to the question, with its error, when nothing or no journey was chosen", async () => {
    for (const query of ["", "?lwdbNumber=", "?journey=Free", "?journey=%2F%2Fexample.com"]) {
      const res = await get(query);
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get("location")!);
      expect(location.origin).toBe(new URL(getEnv().APP_URL).origin);
      expect(`${location.pathname}${location.search}`).toBe("/requests/identity-verification?journey=");
    }
  });
});
