import type { UserType } from "./home-path";

/**
 * The permission table (docs/security.md): every action a server function performs, and the
 * roles allowed to perform it. Deny by default: an action not listed here is allowed to nobody.
 * Ownership (which company or director) is checked by the server function's query itself.
 */
export const permissions = {
  "secure.enter": ["DV_CompanyContact", "DV_Director", "Admin"],
  "company.read": ["DV_CompanyContact"],
  "company.update": ["DV_CompanyContact"],
  "company.directors.export": ["DV_CompanyContact"],
  "director.self.read": ["DV_Director"],
  "director.self.update": ["DV_Director"],
  "admin.area": ["Admin"],
  "admin.audit.read": ["Admin"],
  "admin.clients.read": ["Admin"],
  "admin.clients.update": ["Admin"],
  "admin.clients.delete": ["Admin"],
  "admin.clients.invoice": ["Admin"],
  "admin.clients.remind": ["Admin"],
  "admin.directors.read": ["Admin"],
  "admin.directors.update": ["Admin"],
  "admin.directors.delete": ["Admin"],
  "admin.directors.review": ["Admin"],
  "admin.export": ["Admin"],
  "admin.notifications": ["Admin"],
  "admin.options": ["Admin"],
  /** The operator's page: outside services, queues, failed jobs (retry, discard), webhooks, schedules. */
  "admin.operations": ["Admin"],
} as const satisfies Record<string, readonly UserType[]>;

export type Action = keyof typeof permissions;

export function can(userType: UserType | null | undefined, action: Action): boolean {
  if (!userType || !Object.hasOwn(permissions, action)) return false;
  return (permissions[action] as readonly UserType[]).includes(userType);
}
