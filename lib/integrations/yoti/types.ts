// What the portal needs from Yoti Identity Verification (IDV), independent of how it is reached.
// The real adapter (yoti-adapter.ts) implements it with the official `yoti` SDK; in development and
// tests the same adapter talks to the local simulator (simulator/), so there is one code path.

/** Session states Yoti reports. Others may appear; they are passed through as strings. */
export type YotiSessionState = "ONGOING" | "COMPLETED" | "EXPIRED" | (string & {});

/** A check's recommendation: the part of the result the portal decides on. */
export type YotiRecommendation = "APPROVE" | "REJECT" | "NOT_AVAILABLE" | (string & {});

export interface CreateYotiSessionInput {
  /** The portal's director id, sent as `user_tracking_id` so a session can be traced back. */
  directorId: string;
  /**
   * How long the person has to use the hosted page, in seconds. At least 900 (15 minutes): shorter
   * links expire while someone is still finding their passport.
   */
  clientSessionTokenTtl?: number;
  /** Where Yoti goes back to in the browser after the last step (optional). */
  successUrl?: string;
  errorUrl?: string;
}

export interface CreatedYotiSession {
  sessionId: string;
  clientSessionToken: string;
  /** The hosted page: `${base}/web/index.html?sessionID=…&sessionToken=…`. */
  sessionUrl: string;
  /** When the client session token (and so the hosted page link) stops working. */
  expiresAt: Date;
}

export interface YotiCheck {
  id: string;
  /** e.g. ID_DOCUMENT_AUTHENTICITY, LIVENESS, ID_DOCUMENT_FACE_MATCH. */
  type: string;
  /** CREATED, PENDING or DONE. */
  state: string;
  /** Absent until the check is done. */
  recommendation?: YotiRecommendation;
  /** Why, when Yoti gives a reason (e.g. for REJECT or NOT_AVAILABLE). */
  reason?: string;
}

export interface YotiMediaRef {
  id: string;
  /** IMAGE, JSON, VIDEO or BINARY. */
  type: string;
  /** Where in the session it came from, e.g. `id_document.page`, `id_document.fields`, `liveness.frame`. */
  source: string;
}

/** The identity document the person presented, as far as Yoti read it. */
export interface YotiDocumentSummary {
  resourceId: string;
  documentType?: string;
  /** ISO 3166-1 alpha-3, as Yoti gives it. */
  issuingCountry?: string;
  /** From the document fields, when Yoti extracted them. */
  fullName?: string;
  dateOfBirth?: string;
  expiryDate?: string;
  documentNumber?: string;
}

export interface YotiSession {
  sessionId: string;
  state: YotiSessionState;
  /** The `user_tracking_id` the session was created with. */
  userTrackingId?: string;
  checks: YotiCheck[];
  media: YotiMediaRef[];
  documents: YotiDocumentSummary[];
}

export interface YotiMedia {
  contentType: string;
  bytes: Buffer;
}

export interface YotiIdv {
  createSession(input: CreateYotiSessionInput): Promise<CreatedYotiSession>;
  /** The session as Yoti holds it now. */
  getSession(sessionId: string): Promise<YotiSession>;
  /** One media item of a session (a page image, the document fields JSON, …); null when Yoti has none (204). */
  getMedia(sessionId: string, mediaId: string): Promise<YotiMedia | null>;
  deleteSession(sessionId: string): Promise<void>;
  /**
   * True when a notification's `Authorization` header carries the token this portal gave Yoti in
   * the session (Basic or Bearer, as configured). Compared in constant time.
   */
  verifyNotification(authorizationHeader: string | null | undefined): boolean;
}

/** Something went wrong talking to Yoti. `status` is the HTTP status when Yoti answered. */
export class YotiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code?: string,
  ) {
    super(message);
    this.name = "YotiError";
  }
}

/** Yoti refused the request's signature or SDK id (401/403): the key or SDK id is wrong. */
export class YotiAuthError extends YotiError {
  constructor(message: string, status: number, code?: string) {
    super(message, status, code);
    this.name = "YotiAuthError";
  }
}

/** The session or media does not exist (any more) at Yoti. */
export class YotiNotFoundError extends YotiError {
  constructor(message: string, code?: string) {
    super(message, 404, code);
    this.name = "YotiNotFoundError";
  }
}
