"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/*
 * The prompt's dialog (Radix, 12 kB gzip) is loaded once a form first holds changes, not with the
 * page: pages with a guarded form (the director's, the contact's, the client page) would otherwise
 * carry it in their first-load JavaScript. It is then mounted closed, so it knows where focus was
 * before it opens, as every dialog does.
 */
const Dialog = dynamic(() => import("@/components/ui/dialog").then((m) => m.Dialog), { ssr: false });

/** A form on the page that may hold unsaved changes. */
export interface GuardedForm {
  isDirty: boolean;
  /** Saves; resolves true when saved. */
  save: () => Promise<boolean>;
  /** Throws the changes away. */
  discard: () => void;
}

interface Registry {
  set: (id: string, form: GuardedForm | null) => void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

/** Whether a click on this link leaves the page in a way we can intercept (same tab, real navigation). */
function interceptable(event: MouseEvent, anchor: HTMLAnchorElement): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return null;
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const here = new URL(window.location.href);
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) return null; // same page (hash)
  return url;
}

/**
 * The unsaved-changes prompt of the client page (docs/product.md): while any registered form has unsaved
 * changes, closing or reloading the tab asks the browser's own question (`beforeunload`), and
 * following a link asks in a dialog: save and leave, discard and leave, or stay.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("clientDetail.unsaved");
  const router = useRouter();
  const forms = useRef(new Map<string, GuardedForm>());
  const [pending, setPending] = useState<URL | null>(null);
  const [saving, setSaving] = useState(false);
  /** Whether a form has held changes: the dialog is needed from then on. */
  const [armed, setArmed] = useState(false);

  const dirtyForms = useCallback(() => [...forms.current.values()].filter((f) => f.isDirty), []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyForms().length) return;
      event.preventDefault();
      event.returnValue = "";
    };
    // Capture phase on window: runs before the link's own (React) click handler, which it stops.
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !dirtyForms().length) return;
      const url = interceptable(event, anchor);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(url);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [dirtyForms]);

  const go = useCallback(
    (url: URL) => {
      setPending(null);
      if (url.origin === window.location.origin) router.push(`${url.pathname}${url.search}${url.hash}`);
      else window.location.assign(url.toString());
    },
    [router],
  );

  async function saveAndLeave() {
    if (!pending) return;
    setSaving(true);
    try {
      const results = await Promise.all(dirtyForms().map((f) => f.save()));
      if (results.every(Boolean)) go(pending);
      else setPending(null); // stay: the forms show what went wrong
    } finally {
      setSaving(false);
    }
  }

  function discardAndLeave() {
    if (!pending) return;
    for (const f of dirtyForms()) f.discard();
    go(pending);
  }

  const registry = useMemo<Registry>(
    () => ({
      set: (id, form) => {
        if (form) forms.current.set(id, form);
        else forms.current.delete(id);
        if (form?.isDirty) setArmed(true);
      },
    }),
    [],
  );

  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      {armed ? (
        <Dialog open={pending !== null} onClose={() => setPending(null)} title={t("title")} description={t("description")}>
          <div className="flex flex-wrap gap-3">
            <Button onClick={saveAndLeave} loading={saving} autoFocus>
              {t("save")}
            </Button>
            <Button variant="secondary" onClick={discardAndLeave}>
              {t("discard")}
            </Button>
            <Button variant="link" onClick={() => setPending(null)}>
              {t("stay")}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </UnsavedChangesContext.Provider>
  );
}

/** Registers a form with the unsaved-changes prompt (no-op outside the provider). */
export function useUnsavedChanges(id: string, form: GuardedForm) {
  const registry = useContext(UnsavedChangesContext);
  const latest = useRef(form);
  useEffect(() => {
    latest.current = form;
  });
  const { isDirty } = form;
  useEffect(() => {
    if (!registry) return;
    registry.set(id, {
      get isDirty() {
        return latest.current.isDirty;
      },
      save: () => latest.current.save(),
      discard: () => latest.current.discard(),
    });
    return () => registry.set(id, null);
  }, [registry, id, isDirty]);
}
