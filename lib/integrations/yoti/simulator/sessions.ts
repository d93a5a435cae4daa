// The simulator's sessions: what a session create request asked for, what the person chose on the
// hosted page, and the session as Yoti's GET /sessions/{id} returns it. Optional strings are left
// out rather than set to null, because the SDK's response classes refuse null for them.
import { randomUUID } from "node:crypto";
import { z } from "zod";

/** What the person picks on the hosted page (or a test picks through /_simulator). */
export const OUTCOMES = ["approve", "reject", "manual", "expire"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The session create body, checked closely enough to catch mistakes in how the portal builds it. */
export const createSessionBody = z.object({
  client_session_token_ttl: z.number().int().min(60).max(30 * 24 * 3600).optional(),
  session_deadline: z.iso.datetime({ offset: true }).optional(),
  resources_ttl: z.number().int().positive().optional(),
  user_tracking_id: z.string().min(1).max(255).optional(),
  notifications: z
    .object({
      endpoint: z.url(),
      auth_token: z.string().min(1).optional(),
      auth_type: z.enum(["BASIC", "BEARER"]).optional(),
      topics: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  requested_checks: z
    .array(z.object({ type: z.string().min(1), config: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
  requested_tasks: z.array(z.object({ type: z.string().min(1) }).loose()).optional(),
  sdk_config: z
    .object({
      success_url: z.url().optional(),
      error_url: z.url().optional(),
      allowed_capture_methods: z.enum(["CAMERA", "CAMERA_AND_UPLOAD"]).optional(),
    })
    .loose()
    .optional(),
  required_documents: z.array(z.object({ type: z.string() }).loose()).optional(),
}).loose();
export type CreateSessionBody = z.infer<typeof createSessionBody>;

/** Check types the simulator gives results for; anything else requested is refused (a typo). */
const KNOWN_CHECKS = ["ID_DOCUMENT_AUTHENTICITY", "LIVENESS", "ID_DOCUMENT_FACE_MATCH", "ID_DOCUMENT_TEXT_DATA_CHECK"];

/** Extra rules Yoti applies beyond the field shapes. Returns property errors like Yoti's. */
export function sessionBodyProblems(body: CreateSessionBody): { property: string; message: string }[] {
  const problems: { property: string; message: string }[] = [];
  const ttl = body.client_session_token_ttl ?? 86_400;
  if (body.resources_ttl !== undefined && body.resources_ttl < ttl + 86_400) {
    problems.push({ property: "resources_ttl", message: "must be at least one day longer than client_session_token_ttl" });
  }
  for (const [i, check] of (body.requested_checks ?? []).entries()) {
    if (!KNOWN_CHECKS.includes(check.type)) problems.push({ property: `requested_checks[${i}].type`, message: `unknown check type ${check.type}` });
    if (check.type === "ID_DOCUMENT_FACE_MATCH" && !["ALWAYS", "FALLBACK", "NEVER"].includes(String(check.config?.manual_check))) {
      problems.push({ property: `requested_checks[${i}].config.manual_check`, message: "must be ALWAYS, FALLBACK or NEVER" });
    }
    if (check.type === "LIVENESS" && !["ZOOM", "STATIC"].includes(String(check.config?.liveness_type))) {
      problems.push({ property: `requested_checks[${i}].config.liveness_type`, message: "must be ZOOM or STATIC" });
    }
  }
  const notifications = body.notifications;
  if (notifications?.auth_type && !notifications.auth_token) {
    problems.push({ property: "notifications.auth_token", message: "required when auth_type is set" });
  }
  return problems;
}

export type MediaKind = "image" | "document-fields";

export interface SimMedia {
  id: string;
  /** Yoti's media type: IMAGE, JSON. */
  type: "IMAGE" | "JSON";
  kind: MediaKind;
  created: string;
}

export interface SimSession {
  id: string;
  clientSessionToken: string;
  clientSessionTokenTtl: number;
  createdAt: number;
  /** End of the client session token: after it, an unfinished session is EXPIRED. */
  expiresAt: number;
  userTrackingId?: string;
  notifications?: CreateSessionBody["notifications"];
  requestedChecks: { type: string; config?: Record<string, unknown> }[];
  successUrl?: string;
  errorUrl?: string;
  outcome?: Outcome;
  completedAt?: number;
  /** Set once an outcome is chosen: the results as Yoti would report them. */
  checks?: unknown[];
  resources?: Record<string, unknown>;
  media: Record<string, SimMedia>;
  /** Document fields served as JSON media. */
  documentFields?: Record<string, string>;
}

export function newSession(body: CreateSessionBody, now: number): SimSession {
  const ttl = body.client_session_token_ttl ?? 86_400;
  return {
    id: randomUUID(),
    clientSessionToken: randomUUID(),
    clientSessionTokenTtl: ttl,
    createdAt: now,
    expiresAt: now + ttl * 1000,
    userTrackingId: body.user_tracking_id,
    notifications: body.notifications,
    requestedChecks: body.requested_checks?.length ? body.requested_checks : [{ type: "ID_DOCUMENT_AUTHENTICITY" }],
    successUrl: body.sdk_config?.success_url,
    errorUrl: body.sdk_config?.error_url,
    media: {},
  };
}

export function sessionState(s: SimSession, now: number): "ONGOING" | "COMPLETED" | "EXPIRED" {
  if (s.outcome === "expire") return "EXPIRED";
  if (s.outcome) return "COMPLETED";
  return now >= s.expiresAt ? "EXPIRED" : "ONGOING";
}

/** The recommendation each check gets for an outcome. */
function recommendationFor(outcome: Exclude<Outcome, "expire">, checkType: string): { value: string; reason?: string } {
  if (outcome === "reject" && checkType === "ID_DOCUMENT_AUTHENTICITY") return { value: "REJECT", reason: "COUNTERFEIT" };
  if (outcome === "manual" && (checkType === "ID_DOCUMENT_FACE_MATCH" || checkType === "ID_DOCUMENT_AUTHENTICITY")) {
    // A face match with manual fallback that the reviewer could not decide, or a document that could not be read.
    return { value: "NOT_AVAILABLE", reason: "PHOTO_TOO_BLURRY" };
  }
  return { value: "APPROVE" };
}

const SAMPLE_DOCUMENT = {
  full_name: "James Whitaker",
  given_names: "James",
  family_name: "Whitaker",
  date_of_birth: "1978-04-12",
  nationality: "GBR",
  issuing_country: "GBR",
  document_type: "PASSPORT",
  document_number: "533401372",
  expiration_date: "2031-09-30",
  date_of_issue: "2021-09-30",
};

/**
 * Records the person's choice: checks done with their recommendations, the document and liveness
 * resources with their media. "expire" ends the link now instead.
 */
export function applyOutcome(s: SimSession, outcome: Outcome, now: number): void {
  s.outcome = outcome;
  s.completedAt = now;
  if (outcome === "expire") {
    s.expiresAt = Math.min(s.expiresAt, now);
    return;
  }
  const at = new Date(now).toISOString();
  const media = (type: SimMedia["type"], kind: MediaKind) => {
    const m: SimMedia = { id: randomUUID(), type, kind, created: at };
    s.media[m.id] = m;
    return { id: m.id, type: m.type, created: at, last_updated: at };
  };
  const documentId = randomUUID();
  const livenessId = randomUUID();
  s.documentFields = { ...SAMPLE_DOCUMENT };
  s.resources = {
    id_documents: [
      {
        id: documentId,
        document_type: SAMPLE_DOCUMENT.document_type,
        issuing_country: SAMPLE_DOCUMENT.issuing_country,
        tasks: [],
        pages: [{ capture_method: "CAMERA", media: media("IMAGE", "image"), frames: [{ media: media("IMAGE", "image") }] }],
        document_fields: { media: media("JSON", "document-fields") },
        document_id_photo: { media: media("IMAGE", "image") },
      },
    ],
    supplementary_documents: [],
    liveness_capture: [{ id: livenessId, liveness_type: "ZOOM", tasks: [], frames: [{ media: media("IMAGE", "image") }] }],
    face_capture: [],
  };
  s.checks = s.requestedChecks.map((requested) => {
    const recommendation = recommendationFor(outcome, requested.type);
    const pass = recommendation.value === "APPROVE";
    return {
      id: randomUUID(),
      type: requested.type,
      state: "DONE",
      resources_used: requested.type === "LIVENESS" ? [livenessId] : requested.type === "ID_DOCUMENT_FACE_MATCH" ? [documentId, livenessId] : [documentId],
      generated_media: [],
      report: {
        recommendation,
        breakdown: [{ sub_check: subCheckOf(requested.type), result: pass ? "PASS" : "FAIL", details: [] }],
      },
      created: at,
      last_updated: at,
    };
  });
}

function subCheckOf(checkType: string): string {
  switch (checkType) {
    case "LIVENESS":
      return "liveness_auth";
    case "ID_DOCUMENT_FACE_MATCH":
      return "ai_face_match";
    default:
      return "document_in_date";
  }
}

/** GET /sessions/{id} as Yoti answers it. */
export function sessionJson(s: SimSession, now: number) {
  const state = sessionState(s, now);
  return {
    session_id: s.id,
    client_session_token_ttl: Math.max(0, Math.round((s.expiresAt - now) / 1000)),
    // Yoti stops returning the token once it has expired.
    ...(state === "ONGOING" ? { client_session_token: s.clientSessionToken } : {}),
    ...(s.userTrackingId ? { user_tracking_id: s.userTrackingId } : {}),
    state,
    checks: state === "COMPLETED" ? (s.checks ?? []) : s.requestedChecks.map((c) => pendingCheck(s, c.type)),
    resources: s.resources ?? { id_documents: [], supplementary_documents: [], liveness_capture: [], face_capture: [] },
    ...(state === "COMPLETED" ? { biometric_consent: new Date(s.completedAt ?? now).toISOString() } : {}),
  };
}

/** Before the person finishes, each requested check exists but has no result. */
function pendingCheck(s: SimSession, type: string) {
  const at = new Date(s.createdAt).toISOString();
  return { id: `${s.id}-${type.toLowerCase()}`, type, state: "CREATED", resources_used: [], generated_media: [], created: at, last_updated: at };
}

/** What the simulator keeps on disk between restarts. */
export const storedSessions = z.array(z.custom<SimSession>((v) => typeof v === "object" && v !== null && typeof (v as SimSession).id === "string"));
