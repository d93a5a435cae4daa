import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_STAMPED_ENV, clientAddress, normaliseAddress, stampClientAddress, stampedClientAddress } from "./client-address";

describe("normaliseAddress", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    [" 203.0.113.5 ", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["203.0.113.5:51234", "203.0.113.5"],
    ["[2001:DB8::1]:443", "2001:db8::1"],
    ["2001:db8::1", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["not-an-ip", null],
    ["", null],
    [undefined, null],
    ["203.0.113.5\r\nx: y", null],
  ])("%p → %p", (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });
});

describe("clientAddress", () => {
  const socketAddress = "::ffff:10.0.0.2";

  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress({ socketAddress, forwardedFor: "6.6.6.6", trustedProxyCount: 0 })).toBe("10.0.0.2");
    expect(clientAddress({ socketAddress, forwardedFor: undefined, trustedProxyCount: 0 })).toBe("10.0.0.2");
  });

  it("reads exactly as many hops from the right as there are trusted proxies", () => {
    // client 203.0.113.5 → proxy A (appends 203.0.113.5) → proxy B at 10.0.0.2 (appends A's address)
    expect(clientAddress({ socketAddress, forwardedFor: "6.6.6.6, 203.0.113.5", trustedProxyCount: 1 })).toBe("203.0.113.5");
    expect(clientAddress({ socketAddress, forwardedFor: "6.6.6.6, 203.0.113.5, 10.0.0.1", trustedProxyCount: 2 })).toBe("203.0.113.5");
    expect(clientAddress({ socketAddress, forwardedFor: ["6.6.6.6", "203.0.113.5, 10.0.0.1"], trustedProxyCount: 2 })).toBe("203.0.113.5");
  });

  it("gives the leftmost hop when the chain is shorter than the configured proxies", () => {
    expect(clientAddress({ socketAddress, forwardedFor: "203.0.113.5", trustedProxyCount: 3 })).toBe("203.0.113.5");
    expect(clientAddress({ socketAddress, forwardedFor: undefined, trustedProxyCount: 1 })).toBe("10.0.0.2");
  });

  it("refuses a hop that is not an address", () => {
    expect(clientAddress({ socketAddress, forwardedFor: "<script>", trustedProxyCount: 1 })).toBe("unknown");
  });
});

describe("stampClientAddress", () => {
  it("replaces the client's own copy of the header and, without proxies, its X-Forwarded-For", () => {
    const req = { headers: { [CLIENT_ADDRESS_HEADER]: "1.1.1.1", "x-forwarded-for": "2.2.2.2" } as Record<string, string | string[] | undefined>, socket: { remoteAddress: "::ffff:127.0.0.23" } };
    expect(stampClientAddress(req, 0)).toBe("127.0.0.23");
    expect(req.headers).toEqual({ [CLIENT_ADDRESS_HEADER]: "127.0.0.23" });
  });

  it("keeps X-Forwarded-For when proxies are trusted", () => {
    const req = { headers: { "x-forwarded-for": "2.2.2.2, 203.0.113.5" } as Record<string, string | string[] | undefined>, socket: { remoteAddress: "10.0.0.2" } };
    expect(stampClientAddress(req, 1)).toBe("203.0.113.5");
    expect(req.headers["x-forwarded-for"]).toBe("2.2.2.2, 203.0.113.5");
  });
});

describe("stampedClientAddress", () => {
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.5" });
  it("trusts the header only where the portal's server wrote it", () => {
    expect(stampedClientAddress(headers, { [CLIENT_ADDRESS_STAMPED_ENV]: "1" })).toBe("203.0.113.5");
    expect(stampedClientAddress(headers, {})).toBe("unknown");
    expect(stampedClientAddress(new Headers(), { [CLIENT_ADDRESS_STAMPED_ENV]: "1" })).toBe("unknown");
  });
});
