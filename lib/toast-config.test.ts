import { readFileSync } from "node:fs";
import { NOTIFICATIONS_TOASTER, TOAST_CONFIG } from "./toast-config";

describe("toast constants (docs/domain.md)", () => {
  it("match the specification", () => {
    expect(TOAST_CONFIG.visibleToasts).toBe(3);
    expect(TOAST_CONFIG.durationMs).toBe(4000);
    expect(TOAST_CONFIG.widthPx).toBe(356);
    expect(TOAST_CONFIG.gapPx).toBe(14);
    expect(TOAST_CONFIG.swipeThresholdPx).toBe(45);
    expect(TOAST_CONFIG.removeDelayMs).toBe(200);
    expect(TOAST_CONFIG.hotkey).toEqual(["altKey", "KeyT"]);
    expect(TOAST_CONFIG.position).toBe("bottom-right");
    expect(TOAST_CONFIG.closeButton).toBe(true);
    expect(NOTIFICATIONS_TOASTER.position).toBe("top-center");
    expect(NOTIFICATIONS_TOASTER.id).not.toBe("");
  });

  // sonner 2 hard-codes these; fail loudly if an upgrade changes them.
  it("agree with the installed sonner for the values it does not expose", () => {
    const source = readFileSync(require.resolve("sonner"), "utf8");
    const constant = (name: string) => Number(new RegExp(`const ${name} = (\\d+);`).exec(source)?.[1]);
    expect(constant("SWIPE_THRESHOLD")).toBe(TOAST_CONFIG.swipeThresholdPx);
    expect(constant("TIME_BEFORE_UNMOUNT")).toBe(TOAST_CONFIG.removeDelayMs);
    expect(constant("TOAST_WIDTH")).toBe(TOAST_CONFIG.widthPx);
  });
});
