import { routePattern } from "./route-pattern";

describe("routePattern", () => {
  it("puts each parameter's name where its value is", () => {
    expect(routePattern("/api/admin/client/123/delete", { id: "123" })).toBe("/api/admin/client/[id]/delete");
    expect(routePattern("/api/admin/director-verification/directors/7/file/9", { id: "7", fileId: "9" })).toBe("/api/admin/director-verification/directors/[id]/file/[fileId]");
  });

  it("keeps two parameters with the same value apart, in the path's order", () => {
    expect(routePattern("/api/admin/director-verification/directors/1/file/1", { id: "1", fileId: "1" })).toBe("/api/admin/director-verification/directors/[id]/file/[fileId]");
  });

  it("does not mistake a fixed segment for the parameter after it", () => {
    expect(routePattern("/api/admin/audit/client/client", { clientId: "client" })).toBe("/api/admin/audit/client/[clientId]");
    expect(routePattern("/api/enter/enter", { token: "enter" })).toBe("/api/enter/[token]");
  });

  it("compares decoded segments", () => {
    expect(routePattern("/api/enter/a%20b", { token: "a b" })).toBe("/api/enter/[token]");
  });

  it("gives a catch-all parameter its run of segments", () => {
    expect(routePattern("/api/auth/callback/oidc", { nextauth: ["callback", "oidc"] })).toBe("/api/auth/[...nextauth]");
    expect(routePattern("/api/auth", { nextauth: [] })).toBe("/api/auth");
  });

  it("is the path itself without parameters", () => {
    expect(routePattern("/api/health/ready", undefined)).toBe("/api/health/ready");
    expect(routePattern("/api/health/ready", {})).toBe("/api/health/ready");
  });
});
