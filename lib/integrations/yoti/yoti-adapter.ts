import "server-only";
// The SDK is CommonJS whose exports Node cannot list statically: a named ESM import fails in the
// worker and scripts (run by tsx as ES modules), so take the module object and destructure it.
import yoti, { type IDVClient as IDVClientType } from "yoti";
import { verifyNotificationAuthorization, type NotificationAuthType } from "./notification-auth";
import {
  YotiAuthError,
  YotiError,
  YotiNotFoundError,
  type CreateYotiSessionInput,
  type CreatedYotiSession,
  type YotiCheck,
  type YotiDocumentSummary,
  type YotiIdv,
  type YotiMedia,
  type YotiMediaRef,
  type YotiSession,
} from "./types";

const {
  IDVClient,
  NotificationConfigBuilder,
  RequestedDocumentAuthenticityCheckBuilder,
  RequestedFaceMatchCheckBuilder,
  RequestedLivenessCheckBuilder,
  SdkConfigBuilder,
  SessionSpecificationBuilder,
} = yoti;
type IDVClient = IDVClientType;

export interface YotiAdapterConfig {
  clientSdkId: string;
  /** The PEM private key (the file at YOTI_KEY_FILE_PATH). */
  privateKeyPem: string | Buffer;
  /** API base ending in /idverify/v1 (Yoti's, or the local simulator's). */
  apiUrl: string;
  /** Where Yoti posts notifications: `${APP_URL}/api/webhooks/yoti`. */
  notificationEndpoint: string;
  /** The token Yoti echoes in the notifications' Authorization header. */
  webhookToken: string;
  /** Basic (Yoti's default) or Bearer. */
  notificationAuthType?: NotificationAuthType;
}

/** Never shorter: a link that dies while the person looks for their passport helps nobody. */
export const MIN_CLIENT_SESSION_TOKEN_TTL = 900;
/** Default lifetime of the hosted-page link: one day, Yoti's own default. */
export const DEFAULT_CLIENT_SESSION_TOKEN_TTL = 86_400;
/**
 * How long Yoti keeps the session's resources (images, extracted fields) after the link expires.
 * Yoti requires at least one day more than the link's lifetime; the portal copies what it must keep
 * for the evidence pack, so a week is enough to get it even after an outage.
 */
const RESOURCES_EXTRA_TTL = 7 * 86_400;

/** The media of a session, and which resource each came from. */
function collectMedia(resources: YotiResources | undefined): YotiMediaRef[] {
  const out: YotiMediaRef[] = [];
  const add = (media: { getId(): string; getType(): string } | undefined, source: string) => {
    if (media) out.push({ id: media.getId(), type: media.getType(), source });
  };
  for (const doc of resources?.getIdDocuments() ?? []) {
    for (const page of doc.getPages() ?? []) {
      add(page.getMedia(), "id_document.page");
      for (const frame of page.getFrames() ?? []) add(frame.getMedia(), "id_document.frame");
    }
    add(doc.getDocumentFields()?.getMedia(), "id_document.fields");
    add(doc.getDocumentIdPhoto()?.getMedia(), "id_document.photo");
  }
  for (const liveness of resources?.getLivenessCapture() ?? []) {
    const frames = (liveness as unknown as { getFrames?: () => { getMedia(): { getId(): string; getType(): string } | undefined }[] }).getFrames?.() ?? [];
    for (const frame of frames) add(frame.getMedia(), "liveness.frame");
  }
  return out;
}

type GetSessionResult = Awaited<ReturnType<IDVClient["getSession"]>>;
type YotiResources = NonNullable<ReturnType<GetSessionResult["getResources"]>>;

/** Turns the SDK's error (an IDVError carrying Yoti's `{ code, message }`) into a typed one. */
function mapError(err: unknown, what: string): YotiError {
  const e = err as { message?: string; getResponseStatusCode?: () => number | null; getResponseBody?: () => unknown };
  const status = typeof e.getResponseStatusCode === "function" ? e.getResponseStatusCode() : null;
  const body = typeof e.getResponseBody === "function" ? e.getResponseBody() : null;
  const code = body && typeof body === "object" && "code" in body && typeof body.code === "string" ? body.code : undefined;
  const message = `Yoti ${what} failed${status ? ` (${status})` : ""}: ${e.message ?? String(err)}`;
  if (status === 401 || status === 403) return new YotiAuthError(message, status, code);
  if (status === 404) return new YotiNotFoundError(message, code);
  return new YotiError(message, status, code);
}

/** Reads the document fields JSON (name, date of birth, expiry) when Yoti extracted them. */
function parseDocumentFields(media: YotiMedia | null): Partial<YotiDocumentSummary> {
  if (!media) return {};
  try {
    const fields = JSON.parse(media.bytes.toString("utf8")) as Record<string, unknown>;
    const str = (k: string) => (typeof fields[k] === "string" ? (fields[k] as string) : undefined);
    return {
      fullName: str("full_name"),
      dateOfBirth: str("date_of_birth"),
      expiryDate: str("expiration_date"),
      documentNumber: str("document_number"),
    };
  } catch {
    return {};
  }
}

/**
 * Yoti IDV through the official SDK. The same class talks to Yoti and to the local simulator: only
 * the API URL, SDK id and key differ.
 */
export class YotiAdapter implements YotiIdv {
  private readonly client: IDVClient;
  private readonly authType: NotificationAuthType;

  constructor(private readonly config: YotiAdapterConfig) {
    this.client = new IDVClient(config.clientSdkId, config.privateKeyPem, { apiUrl: config.apiUrl });
    this.authType = config.notificationAuthType ?? "BASIC";
  }

  async createSession(input: CreateYotiSessionInput): Promise<CreatedYotiSession> {
    const ttl = input.clientSessionTokenTtl ?? DEFAULT_CLIENT_SESSION_TOKEN_TTL;
    if (!Number.isInteger(ttl) || ttl < MIN_CLIENT_SESSION_TOKEN_TTL) {
      throw new RangeError(`clientSessionTokenTtl must be a whole number of seconds, at least ${MIN_CLIENT_SESSION_TOKEN_TTL}`);
    }
    const notifications = new NotificationConfigBuilder()
      .withEndpoint(this.config.notificationEndpoint)
      .withAuthToken(this.config.webhookToken)
      .forSessionCompletion();
    if (this.authType === "BEARER") notifications.withAuthTypeBearer();
    else notifications.withAuthTypeBasic();

    const sdkConfig = new SdkConfigBuilder().withAllowsCameraAndUpload().withLocale("en-GB").withPresetIssuingCountry("GBR");
    if (input.successUrl) sdkConfig.withSuccessUrl(input.successUrl);
    if (input.errorUrl) sdkConfig.withErrorUrl(input.errorUrl);

    const spec = new SessionSpecificationBuilder()
      .withClientSessionTokenTtl(ttl)
      .withResourcesTtl(ttl + RESOURCES_EXTRA_TTL)
      .withUserTrackingId(input.directorId)
      .withNotifications(notifications.build())
      .withRequestedCheck(new RequestedDocumentAuthenticityCheckBuilder().build())
      .withRequestedCheck(new RequestedLivenessCheckBuilder().forZoomLiveness().withMaxRetries(3).build())
      .withRequestedCheck(new RequestedFaceMatchCheckBuilder().withManualCheckFallback().build())
      .withSdkConfig(sdkConfig.build())
      .build();

    const requestedAt = Date.now();
    let result: Awaited<ReturnType<IDVClient["createSession"]>>;
    try {
      result = await this.client.createSession(spec);
    } catch (err) {
      throw mapError(err, "create session");
    }
    const sessionId = result.getSessionId();
    const clientSessionToken = result.getClientSessionToken();
    const sessionUrl = new URL(`${this.config.apiUrl.replace(/\/+$/, "")}/web/index.html`);
    sessionUrl.searchParams.set("sessionID", sessionId);
    sessionUrl.searchParams.set("sessionToken", clientSessionToken);
    return {
      sessionId,
      clientSessionToken,
      sessionUrl: sessionUrl.toString(),
      // Counted from before the request, so the portal never believes a link lives longer than it does.
      expiresAt: new Date(requestedAt + (result.getClientSessionTokenTtl() ?? ttl) * 1000),
    };
  }

  async getSession(sessionId: string): Promise<YotiSession> {
    let result: GetSessionResult;
    try {
      result = await this.client.getSession(sessionId);
    } catch (err) {
      throw mapError(err, "get session");
    }
    const checks: YotiCheck[] = (result.getChecks() ?? []).map((c) => {
      const recommendation = c.getReport()?.getRecommendation();
      return {
        id: c.getId(),
        type: c.getType(),
        state: c.getState(),
        ...(recommendation?.getValue() ? { recommendation: recommendation.getValue() } : {}),
        ...(recommendation?.getReason() ? { reason: recommendation.getReason() } : {}),
      };
    });
    const resources = result.getResources();
    const documents: YotiDocumentSummary[] = [];
    for (const doc of resources?.getIdDocuments() ?? []) {
      const fieldsMedia = doc.getDocumentFields()?.getMedia();
      const fields = fieldsMedia ? parseDocumentFields(await this.getMedia(sessionId, fieldsMedia.getId()).catch(() => null)) : {};
      documents.push({
        resourceId: doc.getId(),
        ...(doc.getDocumentType() ? { documentType: doc.getDocumentType() } : {}),
        ...(doc.getIssuingCountry() ? { issuingCountry: doc.getIssuingCountry() } : {}),
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      });
    }
    return {
      sessionId: result.getSessionId() ?? sessionId,
      state: result.getState(),
      ...(result.getUserTrackingId() ? { userTrackingId: result.getUserTrackingId() } : {}),
      checks,
      media: collectMedia(resources),
      documents,
    };
  }

  async getMedia(sessionId: string, mediaId: string): Promise<YotiMedia | null> {
    try {
      const media = await this.client.getMediaContent(sessionId, mediaId);
      if (!media) return null;
      return { contentType: media.getMimeType(), bytes: Buffer.from(media.getContent()) };
    } catch (err) {
      throw mapError(err, "get media");
    }
  }

  async deleteSession(sessionId: string): Promise<void> {
    try {
      await this.client.deleteSession(sessionId);
    } catch (err) {
      throw mapError(err, "delete session");
    }
  }

  verifyNotification(authorizationHeader: string | null | undefined): boolean {
    return verifyNotificationAuthorization(authorizationHeader, this.config.webhookToken, this.authType);
  }
}
