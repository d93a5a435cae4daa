"use client";

import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { CompanySuggestion } from "@/lib/server/companies-house/search-companies";
import { Field } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { ListboxOption } from "@/components/ui/listbox-option";

/** How long typing must pause before the name is searched. */
export const SEARCH_DELAY_MS = 300;
/** Fewer characters than this are not searched (the route refuses them). */
export const SEARCH_MIN_CHARACTERS = 2;

type Suggestions = { query: string; items: CompanySuggestion[] } | null;

/**
 * The company name, with suggestions from the Companies House register as it is typed: the ARIA 1.2
 * combobox with a list popup (a text box that keeps whatever is typed, `aria-activedescendant` for
 * the highlighted suggestion). Typing two characters or more searches after a pause (a newer search
 * cancels the older); Down and Up move through the suggestions (Down also reopens them), Enter
 * chooses the highlighted one (with none highlighted, Enter is the form's), Escape or leaving the box
 * closes them. A polite live region says how many were found. Choosing one hands it to `onChoose`,
 * which fills in the name and the company number. Without the register (an error, a limit) the box
 * is a plain text box.
 */
export function CompanyNameField({
  registration,
  label,
  hint,
  error,
  onChoose,
}: {
  registration: UseFormRegisterReturn<"company.name">;
  label: string;
  hint?: string;
  error?: string;
  onChoose: (suggestion: CompanySuggestion) => void;
}) {
  const t = useTranslations("requestForm.lookup");
  const [suggestions, setSuggestions] = useState<Suggestions>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController } | null>(null);
  const listboxId = "request-company-name-suggestions";
  const optionId = (index: number) => `${listboxId}-${index}`;
  const items = suggestions?.items ?? [];
  const shown = open && items.length > 0;
  const activeIndex = shown && active < items.length ? active : -1;
  const listbox = { optionId, activeIndex, setActive };

  function cancel() {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  }

  useEffect(() => cancel, []);

  function search(text: string) {
    cancel();
    const query = text.trim();
    if (query.length < SEARCH_MIN_CHARACTERS) {
      setSuggestions(null);
      setOpen(false);
      setAnnouncement("");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/companies-house/search?${new URLSearchParams({ q: query })}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { suggestions: CompanySuggestion[] };
        if (controller.signal.aborted) return;
        setSuggestions({ query, items: body.suggestions });
        setActive(-1);
        setOpen(true);
        setAnnouncement(t("suggestions", { count: body.suggestions.length }));
      } catch {
        // The register is not there, or a limit: the name is typed as before.
        if (controller.signal.aborted) return;
        setSuggestions(null);
        setOpen(false);
      } finally {
        if (pending.current?.controller === controller) pending.current = null;
      }
    }, SEARCH_DELAY_MS);
    pending.current = { timer, controller };
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(suggestion: CompanySuggestion) {
    cancel();
    close();
    setSuggestions(null);
    setAnnouncement("");
    onChoose(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    switch (event.key) {
      case "ArrowDown":
        if (!items.length) return;
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          setActive(0);
        } else setActive(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case "ArrowUp":
        if (!shown) return;
        event.preventDefault();
        setActive(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case "Enter":
        if (activeIndex < 0) return; // nothing highlighted: Enter continues the form
        event.preventDefault();
        choose(items[activeIndex]!);
        break;
      case "Escape":
        if (!shown) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  }

  return (
    <div className="relative">
      <Field
        label={label}
        hint={hint}
        error={error}
        autoComplete="organization"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        {...registration}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          void registration.onChange(event);
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          close();
          void registration.onBlur(event);
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("suggestionsLabel")}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border-2 border-line bg-white py-1 shadow-lg"
      >
        {items.map((s, index) => (
          <ListboxOption key={s.number} listbox={listbox} index={index} onChoose={() => choose(s)}>
            <span className="block font-semibold break-words">{s.name}</span>
            <span className={cn("block text-sm", s.closed ? "text-danger" : "text-ink-muted")}>{t("suggestionDetail", { number: s.number, status: s.statusLabel })}</span>
            {s.address ? <span className="block text-sm break-words text-ink-muted">{s.address}</span> : null}
          </ListboxOption>
        ))}
      </ul>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
