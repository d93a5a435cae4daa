"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import { NOTIFICATIONS_TOASTER } from "@/lib/toast-config";

/** The six toast types of the spec (§4). */
export type ToastType = "success" | "info" | "warning" | "error" | "loading" | "default";

export const TOAST_TYPES: readonly ToastType[] = ["success", "info", "warning", "error", "loading", "default"];

export interface ShowToastOptions {
  /** Second line (translated). */
  description?: string;
  /** Reuse an id to update a toast in place (e.g. a loading toast that becomes success). */
  id?: string | number;
  /** Override the 4000 ms default; `Infinity` keeps it until dismissed. */
  duration?: number;
  /** Optional action button. */
  action?: { label: string; onClick: () => void };
  /** Target toaster; omit for the main one (bottom-right). */
  toasterId?: string;
}

function toSonner({ description, id, duration, action, toasterId }: ShowToastOptions = {}): ExternalToast {
  return {
    description,
    id,
    duration,
    toasterId,
    action: action ? { label: action.label, onClick: () => action.onClick() } : undefined,
  };
}

/**
 * sonner's `toast`, handed over by `<Toaster>` when it mounts. Not imported here: every form that
 * toasts imports this module, and sonner (18 kB gzip) then loaded with the page instead of with the
 * toaster, after hydration.
 */
let sonner: typeof sonnerToast | null = null;
let nextQueuedId = 0;
const queue: Array<{ id: string | number; show: () => void }> = [];

function dropQueued(id: string | number) {
  const index = queue.findIndex((entry) => entry.id === id);
  if (index >= 0) queue.splice(index, 1);
}

function emit(api: typeof sonnerToast, type: ToastType, title: string, data: ExternalToast): string | number {
  return type === "default" ? api(title, data) : api[type](title, data);
}

/**
 * Called by `<Toaster>` once its toasters listen, with sonner's `toast`; replays toasts shown before
 * that (the toasters are mounted lazily after hydration).
 */
export function markToasterMounted(api: typeof sonnerToast): () => void {
  sonner = api;
  for (const { show } of queue.splice(0)) show();
  return () => {
    sonner = null;
  };
}

/** Shows a toast of the given type with an already translated title. Returns the toast id. */
export function showToast(type: ToastType, title: string, options?: ShowToastOptions): string | number {
  const data = toSonner(options);
  if (sonner) return emit(sonner, type, title, data);
  // Not listening yet: keep the id stable so callers can still update or dismiss the toast later.
  const id = data.id ?? `queued-toast-${++nextQueuedId}`;
  dropQueued(id); // same id = update in place, as sonner does
  queue.push({ id, show: () => sonner && emit(sonner, type, title, { ...data, id }) });
  return id;
}

type Shortcut = (title: string, options?: ShowToastOptions) => string | number;

/**
 * One helper per toast type, taking translated strings:
 * `toast.success(t("toasts.clientSaved.title"))`.
 */
export const toast: Record<ToastType, Shortcut> & { dismiss: (id?: string | number) => void } = {
  success: (title, options) => showToast("success", title, options),
  info: (title, options) => showToast("info", title, options),
  warning: (title, options) => showToast("warning", title, options),
  error: (title, options) => showToast("error", title, options),
  loading: (title, options) => showToast("loading", title, options),
  default: (title, options) => showToast("default", title, options),
  dismiss: (id) => {
    if (id === undefined) queue.length = 0;
    else dropQueued(id);
    sonner?.dismiss(id);
  },
};

/** Shows a toast in the notifications toaster (top-center). */
export function notify(type: ToastType, title: string, options?: Omit<ShowToastOptions, "toasterId">) {
  return showToast(type, title, { ...options, toasterId: NOTIFICATIONS_TOASTER.id });
}

type ToastValues = Record<string, string | number>;

/** Options of a toast by message key: `values` fill the title's and description's placeholders (e.g. `{name}`). */
export type ToastMessageOptions = Omit<ShowToastOptions, "description"> & { values?: ToastValues };

/**
 * Toasts by message key in the `toasts` namespace. Each key names an object with `title` and an
 * optional `description`:
 *
 *   const toastMessage = useToastMessages();
 *   toastMessage.success("clientDeleted", { values: { name } }); // "Hartwell Holdings Ltd deleted"
 *   toastMessage.error("formSubmitFailed");
 */
export function useToastMessages() {
  const t = useTranslations("toasts");
  return useMemo(() => {
    // Keys are built at run time, so use the translator untyped (works with or without typed messages).
    const translate = t as unknown as { (key: string, values?: ToastValues): string; has(key: string): boolean };
    const show = (type: ToastType, key: string, { values, ...options }: ToastMessageOptions = {}) => {
      const descriptionKey = `${key}.description`;
      return showToast(type, translate(`${key}.title`, values), {
        ...options,
        description: translate.has(descriptionKey) ? translate(descriptionKey, values) : undefined,
      });
    };
    const byType = (type: ToastType) => (key: string, options?: ToastMessageOptions) => show(type, key, options);
    return {
      show,
      success: byType("success"),
      info: byType("info"),
      warning: byType("warning"),
      error: byType("error"),
      loading: byType("loading"),
      default: byType("default"),
    };
  }, [t]);
}
