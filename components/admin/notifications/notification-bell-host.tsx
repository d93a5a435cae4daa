"use client";

import dynamic from "next/dynamic";

/**
 * The notification bell, loaded in its own chunk after hydration and only where it is rendered
 * (the header, for admins). Every page shares the root layout, so importing the bell directly
 * would add it to the first-load JavaScript of the sign-in page too (docs/speed.md budget).
 * The placeholder keeps the header from shifting while it loads.
 */
export const NotificationBellHost = dynamic(() => import("./notification-bell").then((m) => m.NotificationBell), {
  ssr: false,
  loading: () => <span aria-hidden="true" className="inline-block size-11" />,
});
