"use client";

import type { PatchOperation } from "@/lib/json-patch";

export type CompanyApiResult<T = unknown> = { ok: true; body: T } | { ok: false; status: number; fields: Record<string, string[]> };

/** A JSON Patch sent as the pages send every patch (the JSON-patch content type); never throws. */
export async function sendCompanyPatch<T = unknown>(url: string, operations: PatchOperation[]): Promise<CompanyApiResult<T>> {
  try {
    const res = await fetch(url, {
      method: "PATCH",
      headers: { "Content-Type": "application/json-patch+json" },
      body: JSON.stringify(operations),
      credentials: "same-origin",
      cache: "no-store",
    });
    const body = (await res.json().catch(() => ({}))) as T & { fields?: Record<string, string[]> };
    if (res.ok) return { ok: true, body };
    return { ok: false, status: res.status, fields: body.fields ?? {} };
  } catch {
    return { ok: false, status: 0, fields: {} };
  }
}
