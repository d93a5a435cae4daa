"use client";

import { useEffect, type RefObject } from "react";

/**
 * Moves the focus to `ref` each time `key` changes while `when` holds: a form's outcome (sent,
 * refused, failed) so a screen reader announces it, a problem alert after a failed save.
 */
export function useFocusWhen(ref: RefObject<HTMLElement | null>, when: boolean, key: unknown) {
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [ref, when, key]);
}
