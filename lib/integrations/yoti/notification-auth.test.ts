import { expectedAuthorization, verifyNotificationAuthorization } from "./notification-auth";

const token = "portal-webhook-token-0123456789abcdef";

describe("Yoti notification Authorization", () => {
  it("builds the headers Yoti sends: Basic base64(token), Bearer token", () => {
    expect(expectedAuthorization("username:password", "BASIC")).toBe("Basic dXNlcm5hbWU6cGFzc3dvcmQ=");
    expect(expectedAuthorization(token, "BEARER")).toBe(`Bearer ${token}`);
  });

  it("accepts the right token under the configured scheme, whatever the scheme's case", () => {
    expect(verifyNotificationAuthorization(expectedAuthorization(token, "BASIC"), token, "BASIC")).toBe(true);
    expect(verifyNotificationAuthorization(`basic ${Buffer.from(token).toString("base64")}`, token, "BASIC")).toBe(true);
    expect(verifyNotificationAuthorization(`Bearer ${token}`, token, "BEARER")).toBe(true);
  });

  it("refuses a missing header, a wrong token, the other scheme and malformed values", () => {
    for (const header of [
      undefined,
      null,
      "",
      "Basic",
      `Basic ${Buffer.from(`${token}x`).toString("base64")}`,
      `Basic ${token}`,
      `Bearer ${token}`,
      `Basic ${Buffer.from(token).toString("base64")} extra`,
    ]) {
      expect(verifyNotificationAuthorization(header, token, "BASIC")).toBe(false);
    }
    expect(verifyNotificationAuthorization(expectedAuthorization(token, "BASIC"), token, "BEARER")).toBe(false);
    expect(verifyNotificationAuthorization("Bearer ", token, "BEARER")).toBe(false);
    expect(verifyNotificationAuthorization("Bearer x", "", "BEARER")).toBe(false);
  });
});
