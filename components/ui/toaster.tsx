"use client";

import { useEffect, type CSSProperties } from "react";
import { useTranslations } from "next-intl";
import { Toaster as Sonner, toast } from "sonner";
import { NOTIFICATIONS_TOASTER, TOAST_CONFIG } from "@/lib/toast-config";
import { markToasterMounted } from "./toast";

const style = { "--width": `${TOAST_CONFIG.widthPx}px` } as CSSProperties;

/**
 * The toast hosts, rendered once in the root layout: the main toaster (bottom-right) and the
 * notifications toaster (top-center). Constants from lib/toast-config.ts (docs/domain.md). The root
 * layout mounts it lazily through `ToasterHost`.
 */
export function Toaster() {
  const t = useTranslations("toasts");
  // sonner's toasters only see toasts created after they subscribe (in their own effects, which
  // run before this parent effect), so replay the ones queued before mounting.
  useEffect(() => markToasterMounted(toast), []);
  const shared = {
    visibleToasts: TOAST_CONFIG.visibleToasts,
    duration: TOAST_CONFIG.durationMs,
    gap: TOAST_CONFIG.gapPx,
    closeButton: TOAST_CONFIG.closeButton,
    richColors: TOAST_CONFIG.richColors,
    theme: "light" as const,
    style,
    toastOptions: { closeButtonAriaLabel: t("close") },
  };
  return (
    <>
      <Sonner
        {...shared}
        position={TOAST_CONFIG.position}
        hotkey={[...TOAST_CONFIG.hotkey]}
        containerAriaLabel={t("regionLabel")}
      />
      <Sonner
        {...shared}
        id={NOTIFICATIONS_TOASTER.id}
        position={NOTIFICATIONS_TOASTER.position}
        hotkey={[...NOTIFICATIONS_TOASTER.hotkey]}
        containerAriaLabel={t("notificationsRegionLabel")}
      />
    </>
  );
}
