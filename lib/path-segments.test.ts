import { hasUndecodableSegment } from "./path-segments";

describe("hasUndecodableSegment", () => {
  it.each(["/api/enter/%ff", "/administration/client-management/%ff", "/a/%e2%82/b", "/a/%zz", "/a/%", "/a/%ED%A0%80"])("finds %s", (path) => {
    expect(hasUndecodableSegment(path)).toBe(true);
  });

  it.each(["/", "/api/enter/abc-123", "/a/%20b", "/a/%E2%82%AC", "/a/%2F/b", "/login/continue/tok%2Ben"])("passes %s", (path) => {
    expect(hasUndecodableSegment(path)).toBe(false);
  });
});
