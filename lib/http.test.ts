import { clientIp } from "./http";

const req = (xff?: string) => new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });

describe("clientIp", () => {
  it("reads the address our own proxy appended, not what the client claimed", () => {
    expect(clientIp(req("6.6.6.6, 203.0.113.5"), 1)).toBe("203.0.113.5");
    expect(clientIp(req("6.6.6.6, 203.0.113.5, 10.0.0.2"), 2)).toBe("203.0.113.5");
    expect(clientIp(req("203.0.113.5"), 1)).toBe("203.0.113.5");
  });

  it("copes with short or missing headers", () => {
    expect(clientIp(req("203.0.113.5"), 3)).toBe("203.0.113.5");
    expect(clientIp(req(), 1)).toBe("unknown");
  });
});
