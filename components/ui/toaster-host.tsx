"use client";

import dynamic from "next/dynamic";

/**
 * Mounts the toasters after hydration, in their own chunk, so sonner is not part of the first-load
 * JavaScript of pages that never toast (sign-in has a 40 kB budget, docs/speed.md). Toasts shown
 * through components/ui/toast.ts before the toasters mount are queued and replayed.
 */
export const ToasterHost = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });
