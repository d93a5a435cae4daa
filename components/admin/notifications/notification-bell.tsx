"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { LineIcon } from "@/components/ui/line-icon";

/** A notification as GET /api/admin/notifications returns it (dates as ISO text). */
interface Item {
  id: number;
  message: string;
  timestamp: string;
  read: boolean;
  isMine: boolean;
  link: string | null;
}

const ENDPOINT = "/api/admin/notifications";
const POLL_MS = 30_000;
const SEEN_KEY = "dvp:notifications:last-seen";
/** At most this many toasts for one poll; the panel lists the rest. */
const MAX_TOASTS = 3;

/** Internal paths only: a notification never links off-site or to a script URL. */
function internalPath(link: string | null): string | null {
  return link && /^\/(?!\/)/.test(link) && !link.includes("\\") ? link : null;
}

function readSeen(): number | null {
  try {
    const v = Number(sessionStorage.getItem(SEEN_KEY));
    return Number.isSafeInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function writeSeen(id: number) {
  try {
    sessionStorage.setItem(SEEN_KEY, String(id));
  } catch {
    /* storage unavailable: toasts restart from the next load */
  }
}

/**
 * The admin header's notification bell: the unread count, a disclosure panel listing the
 * notifications (mark one or all read, open the record), and a top-center toast for each new one.
 * Polls every 30 seconds while the tab is visible. The toast code loads only when there is one.
 */
export function NotificationBell() {
  const t = useTranslations("notificationsPanel");
  const format = useFormatter();
  const router = useRouter();
  const [items, setItems] = useState<Item[] | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const lastSeen = useRef<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  const announce = useCallback(
    (fresh: Item[]) => {
      if (!fresh.length) return;
      void import("@/components/ui/toast").then(({ notify }) => {
        for (const n of fresh.slice(0, MAX_TOASTS)) {
          const href = internalPath(n.link);
          notify("info", n.message, {
            id: `notification-${n.id}`,
            action: href ? { label: t("open"), onClick: () => router.push(href) } : undefined,
          });
        }
      });
    },
    [router, t],
  );

  const load = useCallback(async () => {
    try {
      const res = await fetch(ENDPOINT, { cache: "no-store", headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const list = (await res.json()) as Item[];
      setItems(list);
      setFailed(false);
      const newest = list.reduce((max, n) => Math.max(max, n.id), 0);
      // First load in this tab: remember where we are, toast nothing that was already there.
      const seen = lastSeen.current ?? readSeen() ?? newest;
      announce(list.filter((n) => n.id > seen && !n.read));
      lastSeen.current = Math.max(seen, newest);
      writeSeen(lastSeen.current);
    } catch {
      setFailed(true);
    }
  }, [announce]);

  // Poll while the tab is visible; catch up at once when it becomes visible again.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      void load();
      timer = setInterval(() => void load(), POLL_MS);
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : clearInterval(timer));
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [load]);

  // Close on Escape (focus back to the bell) and on a click outside.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  async function post(path: string, ids: number[] | "all") {
    setItems((list) => list?.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n)) ?? list);
    try {
      const res = await fetch(path, { method: "POST" });
      if (!res.ok) throw new Error(String(res.status));
    } catch {
      setFailed(true);
      void load();
    }
  }

  const markRead = (id: number) => post(`${ENDPOINT}/${id}/read`, [id]);
  const markAll = () => post(`${ENDPOINT}/read-all`, "all");

  const unread = items?.filter((n) => !n.read).length ?? 0;
  const label = items === null ? t("buttonLoading") : t("button", { count: unread });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-navy-800"
      >
        <LineIcon className="size-6">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full border-2 border-navy-900 bg-[#ffdd00] px-1 text-center text-xs leading-4 font-bold text-black"
          >
            {unread > 49 ? "50+" : unread}
          </span>
        ) : null}
      </button>

      {/*
        Below the bell, its right edge on the bell's. On a phone the header wraps and the bell may sit
        at the left, where that would put most of the panel off-screen: there it spans the screen
        (fixed, 1 rem from each side, still just below the bell: its top is left to its place in the flow).
      */}
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={headingId}
        className="absolute right-0 z-40 mt-2 w-[24rem] max-w-[calc(100vw-2rem)] max-sm:fixed max-sm:inset-x-4 max-sm:w-auto max-sm:max-w-none rounded-md border border-line-soft bg-white text-ink shadow-lg [--focus-ring-color:var(--color-focus)]"
      >
        <div className="flex items-center justify-between gap-3 border-b border-line-soft px-4 py-3">
          <h2 id={headingId} className="text-base font-bold">
            {t("title")}
          </h2>
          {unread > 0 ? (
            <button type="button" onClick={markAll} className="rounded-sm text-sm font-semibold text-brand-link underline underline-offset-2">
              {t("markAllRead")}
            </button>
          ) : null}
        </div>
        {failed ? (
          <p role="status" className="border-b border-line-soft px-4 py-2 text-sm text-danger">
            {t("loadFailed")}
          </p>
        ) : null}
        {items === null ? (
          <p className="px-4 py-6 text-sm text-ink-muted">{t("loading")}</p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-ink-muted">{t("empty")}</p>
        ) : (
          <ul className="max-h-[28rem] divide-y divide-line-soft overflow-y-auto">
            {items.map((n) => {
              const href = internalPath(n.link);
              return (
                <li key={n.id} className={n.read ? "px-4 py-3" : "border-l-4 border-navy-700 bg-navy-50 px-3 py-3"}>
                  <p className="text-sm">
                    {n.read ? null : <span className="font-bold">{`${t("unread")} `}</span>}
                    {n.isMine ? <span className="font-semibold">{`${t("forYou")} `}</span> : null}
                    {n.message}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                    <time dateTime={n.timestamp} className="text-ink-muted">
                      {format.dateTime(new Date(n.timestamp), { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                    {href ? (
                      <Link
                        href={href}
                        onClick={() => {
                          setOpen(false);
                          if (!n.read) void markRead(n.id);
                        }}
                        aria-label={t("openLabel", { message: n.message })}
                        className="font-semibold"
                      >
                        {t("open")}
                      </Link>
                    ) : null}
                    {n.read ? null : (
                      <button
                        type="button"
                        onClick={() => void markRead(n.id)}
                        aria-label={t("markReadLabel", { message: n.message })}
                        className="rounded-sm font-semibold text-brand-link underline underline-offset-2"
                      >
                        {t("markRead")}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
