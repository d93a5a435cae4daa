import { GET as health } from "@/app/api/admin/health/route";
import { GET as options } from "@/app/api/options/route";

describe("public API", () => {
  it("GET /api/admin/health says ok when the database is reachable and migrated", async () => {
    const res = await health(new Request("http://localhost:3000/api/admin/health"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("ok\ndatabase: reachable\nmigrations: current\n");
  });

  it("GET /api/options lists the countries", async () => {
    const res = await options(new Request("http://localhost:3000/api/options"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.countries).toHaveLength(249);
    expect(body.countries[0]).toEqual({ value: "GB", label: "United Kingdom" });
  });
});
