import type { UserType } from "./home-path";

/** Who is asking: the result of reading the session (or api-key / test-user header). */
export interface Principal {
  type: UserType;
  email: string;
  /** For DV_CompanyContact: their client. For DV_Director: their director's client. */
  clientId?: number;
  /** For DV_Director. */
  directorId?: number;
  /** For Admin users signed in by SSO. */
  userId?: number;
  /** The server-side session, when the principal came from a session cookie. */
  sessionId?: string;
  /** How the request was authenticated. */
  via: "session" | "api-key" | "test-user";
}

/** The actor recorded in audit entries. */
export function actorOf(p: Principal | null | undefined): string {
  if (!p) return "anonymous";
  return p.via === "api-key" ? "api-key" : p.email;
}
