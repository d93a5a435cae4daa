/** Every kind of job, with its payload. Handlers are in ./handlers, one file a type. */
export interface JobPayloads {
  "email.send": {
    to: string;
    subject: string;
    text: string;
    html: string;
    replyTo?: string;
    /** What the email is about, for the audit entry written when it is sent or fails. */
    about: { entityType: string; entityId: string; clientId?: number; directorId?: number; purpose: string };
  };
  /** A one-time sign-in link; the token is sealed (lib/crypto/seal.ts) and removed once sent. */
  "sign-in-link.send": {
    tokenId: string;
    sealedToken?: string;
    to: string;
    clientId?: number;
    directorId?: number;
  };
}

export type JobType = keyof JobPayloads;
