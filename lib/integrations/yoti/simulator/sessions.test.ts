import { applyOutcome, createSessionBody, newSession, sessionBodyProblems, sessionJson, sessionState } from "./sessions";

const t0 = Date.UTC(2026, 0, 1);
const body = createSessionBody.parse({
  client_session_token_ttl: 900,
  user_tracking_id: "42",
  requested_checks: [{ type: "ID_DOCUMENT_AUTHENTICITY", config: {} }, { type: "ID_DOCUMENT_FACE_MATCH", config: { manual_check: "FALLBACK" } }],
});

describe("Yoti simulator sessions", () => {
  it("expires an unfinished session when its client session token does, and stops returning the token", () => {
    const s = newSession(body, t0);
    expect(sessionState(s, t0 + 899_999)).toBe("ONGOING");
    expect(sessionState(s, t0 + 900_000)).toBe("EXPIRED");
    expect(sessionJson(s, t0 + 900_000)).not.toHaveProperty("client_session_token");
    expect(sessionJson(s, t0).client_session_token).toBe(s.clientSessionToken);
  });

  it("keeps a decided session COMPLETED after the link's lifetime", () => {
    const s = newSession(body, t0);
    applyOutcome(s, "approve", t0 + 1_000);
    expect(sessionState(s, t0 + 10 * 900_000)).toBe("COMPLETED");
  });

  it("leaves optional strings out instead of null (the SDK refuses null)", () => {
    const s = newSession(createSessionBody.parse({}), t0);
    applyOutcome(s, "approve", t0);
    expect(JSON.stringify(sessionJson(s, t0))).not.toContain("null");
  });

  it("finds the mistakes Yoti would refuse beyond the field shapes", () => {
    expect(sessionBodyProblems(createSessionBody.parse({ client_session_token_ttl: 900, resources_ttl: 900 + 86_399 })).map((p) => p.property)).toEqual(["resources_ttl"]);
    expect(sessionBodyProblems(createSessionBody.parse({ client_session_token_ttl: 900, resources_ttl: 900 + 86_400 }))).toEqual([]);
    expect(sessionBodyProblems(createSessionBody.parse({ requested_checks: [{ type: "LIVENESS", config: { liveness_type: "BLINK" } }] }))[0]?.property).toBe("requested_checks[0].config.liveness_type");
    expect(sessionBodyProblems(createSessionBody.parse({ notifications: { endpoint: "https://portal.example/hook", auth_type: "BEARER" } }))[0]?.property).toBe("notifications.auth_token");
  });
});
