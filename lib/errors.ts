/**
 * The error-screen catalogue (docs/product.md).
 *
 * Each entry names its texts by message key (namespace `errors` in messages/en-GB.json), never by
 * literal text, so the screens stay translatable and never echo raw error text.
 */

export type ErrorKind = "unauthorized" | "forbidden" | "notFound" | "server" | "login";

/** Keys under `errors.actions` in the messages. */
export type ErrorActionKey = "login" | "contactSupport" | "goBackHome" | "home" | "tryAgain";

export interface ErrorAction {
  /** Message key under `errors.actions`. */
  labelKey: ErrorActionKey;
  /** Internal path the action links to. */
  href: string;
}

export interface ErrorDefinition {
  kind: ErrorKind;
  /** The code shown on the screen (the login error shows 500). */
  code: 401 | 403 | 404 | 500;
  /** Message key under `errors`, e.g. `notFound.title`. */
  titleKey: `${ErrorKind}.title`;
  /** Message key under `errors`, e.g. `notFound.message`. */
  messageKey: `${ErrorKind}.message`;
  actions: readonly ErrorAction[];
}

export const LOGIN_PATH = "/login";
export const CONTACT_PATH = "/contact";
export const HOME_PATH = "/";

const CONTACT_SUPPORT: ErrorAction = { labelKey: "contactSupport", href: CONTACT_PATH };
const GO_BACK_HOME: ErrorAction = { labelKey: "goBackHome", href: HOME_PATH };

function define(kind: ErrorKind, code: ErrorDefinition["code"], actions: readonly ErrorAction[]): ErrorDefinition {
  return Object.freeze({
    kind,
    code,
    titleKey: `${kind}.title` as const,
    messageKey: `${kind}.message` as const,
    actions: Object.freeze([...actions]),
  });
}

export const ERROR_CATALOGUE: Readonly<Record<ErrorKind, ErrorDefinition>> = Object.freeze({
  unauthorized: define("unauthorized", 401, [{ labelKey: "login", href: LOGIN_PATH }, CONTACT_SUPPORT]),
  forbidden: define("forbidden", 403, [GO_BACK_HOME, CONTACT_SUPPORT]),
  notFound: define("notFound", 404, [GO_BACK_HOME, CONTACT_SUPPORT]),
  server: define("server", 500, [GO_BACK_HOME, CONTACT_SUPPORT]),
  login: define("login", 500, [
    { labelKey: "home", href: HOME_PATH },
    { labelKey: "tryAgain", href: LOGIN_PATH },
  ]),
});

/** Checked in order; the first match wins, anything else is a server error (500). */
const MATCHERS: ReadonlyArray<readonly [RegExp, ErrorKind]> = [
  [/\b401\b|unauthori[sz]ed/i, "unauthorized"],
  [/\b403\b|forbidden/i, "forbidden"],
  [/\b404\b|not\s*found/i, "notFound"],
  [/log-?in/i, "login"],
];

/**
 * Chooses the error screen from an error message (docs/product.md): "401"/"Unauthorized" → 401,
 * "403"/"Forbidden" → 403, "404"/"Not Found" → 404, "login" → the login error, anything else
 * (including no message) → 500.
 */
export function errorFromMessage(message: string | undefined | null): ErrorDefinition {
  if (message) {
    for (const [pattern, kind] of MATCHERS) {
      if (pattern.test(message)) return ERROR_CATALOGUE[kind];
    }
  }
  return ERROR_CATALOGUE.server;
}
