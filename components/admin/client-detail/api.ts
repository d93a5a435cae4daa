"use client";

import type { PatchOperation } from "@/lib/json-patch";

export type ApiResult = { ok: true } | { ok: false; status: number; fields: Record<string, string[]> };

async function send(url: string, init: RequestInit): Promise<ApiResult> {
  try {
    const res = await fetch(url, { ...init, credentials: "same-origin", cache: "no-store" });
    if (res.ok) return { ok: true };
    const body = (await res.json().catch(() => ({}))) as { fields?: Record<string, string[]> };
    return { ok: false, status: res.status, fields: body.fields ?? {} };
  } catch {
    return { ok: false, status: 0, fields: {} };
  }
}

/** PATCH with JSON Patch operations (docs/product.md: the JSON-patch content type). */
export function sendPatch(url: string, operations: PatchOperation[]): Promise<ApiResult> {
  return send(url, { method: "PATCH", headers: { "Content-Type": "application/json-patch+json" }, body: JSON.stringify(operations) });
}

/** POST of a delete with its reason. */
export function sendDelete(url: string, reason: string): Promise<ApiResult> {
  return send(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reason }) });
}

/** POST of a JSON body (an admin action such as a review decision). */
export function sendJson(url: string, body: unknown): Promise<ApiResult> {
  return send(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

export const clientUrl = (id: number) => `/api/admin/director-verification/clients/${id}`;
export const directorUrl = (id: number) => `/api/admin/director-verification/directors/${id}`;
