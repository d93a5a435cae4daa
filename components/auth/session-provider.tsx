"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { UserType } from "@/lib/auth/home-path";

/** Client-side session state (docs/domain.md): loggedOut until sign-in sets username and userType. */
export type ClientSession =
  | { status: "loggedOut"; username: null; userType: null }
  | { status: "loggedIn"; username: string; userType: UserType };

const loggedOut: ClientSession = { status: "loggedOut", username: null, userType: null };
const SessionContext = createContext<ClientSession>(loggedOut);

export function SessionProvider({ session, children }: { session: ClientSession | null; children: ReactNode }) {
  return <SessionContext.Provider value={session ?? loggedOut}>{children}</SessionContext.Provider>;
}

export function useSession(): ClientSession {
  return useContext(SessionContext);
}
