"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useTranslations } from "next-intl";
import { cn } from "./cn";
import { controlClass, FieldFrame, useFieldIds, type FieldFrameProps } from "./field";
import { LineIcon } from "./line-icon";
import { ListboxOption } from "./listbox-option";

export interface ComboboxOption {
  value: string;
  /** What the list shows and the text box holds once chosen. */
  label: string;
  /** A second line, also searched (e.g. the email address of a person). */
  detail?: string;
}

export interface ComboboxProps extends FieldFrameProps {
  options: readonly ComboboxOption[];
  /** The chosen option's value; one that matches no option shows an empty text box. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown in the popup when typing matches nothing (translated). */
  emptyText: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** The text box (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
}

/** Lower case without accents, so "zoe" finds "Zoë". */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-GB");
}

/** The options whose label or detail contains every word typed, in their order. */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((o) => {
    const text = fold(`${o.label} ${o.detail ?? ""}`);
    return words.every((w) => text.includes(w));
  });
}

/**
 * A searchable single choice: the ARIA 1.2 combobox pattern (a text box with a list box popup,
 * `aria-activedescendant` for the highlighted option). Typing filters the list and highlights the
 * first match; Down and Up move (Down also opens), Enter chooses, Escape closes and puts back the
 * chosen option's text; leaving the box does the same, so only Enter or a click changes the value.
 * When nothing matches, the popup says so (`emptyText`), and a polite live region tells screen
 * readers how many options remain.
 */
export function Combobox({
  options,
  value,
  onChange,
  onBlur,
  emptyText,
  name,
  id,
  disabled,
  placeholder,
  ref,
  ...frame
}: ComboboxProps) {
  const t = useTranslations("combobox");
  const { error } = frame;
  const ids = useFieldIds(id, name, frame.hint, error);
  const listboxId = `${ids.controlId}-listbox`;
  const optionId = (index: number) => `${ids.controlId}-option-${index}`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = options.find((o) => o.value === value);
  const [open, setOpen] = useState(false);
  // While the user types, the box shows their text and the list is filtered by it; otherwise it
  // shows the chosen option and the list shows everything.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => (query === null ? [...options] : filterOptions(options, query)), [options, query]);
  const activeIndex = open && active < shown.length ? active : -1;
  const listbox = { optionId, activeIndex, setActive };

  useEffect(() => {
    if (activeIndex < 0) return;
    const element = listRef.current?.children[activeIndex];
    if (element instanceof HTMLElement && typeof element.scrollIntoView === "function") element.scrollIntoView({ block: "nearest" });
  }, [activeIndex]);

  function close() {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  }

  function choose(option: ComboboxOption) {
    onChange(option.value);
    close();
  }

  function openAt(index: number) {
    setOpen(true);
    setActive(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const chosenIndex = shown.findIndex((o) => o.value === value);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openAt(event.altKey ? -1 : Math.max(chosenIndex, 0));
        else if (!event.altKey) setActive(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openAt(chosenIndex >= 0 ? chosenIndex : last);
        else setActive(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case "Enter": {
        if (!open) return; // a closed combobox leaves Enter to the form
        event.preventDefault();
        const option = shown[activeIndex];
        if (option) choose(option);
        else close();
        break;
      }
      case "Escape":
        if (!open && query === null) return;
        event.preventDefault();
        event.stopPropagation(); // closes the popup, not a dialog around it
        close();
        break;
      case "Tab":
        if (open) close();
        break;
    }
  }

  const setRefs = (element: HTMLInputElement | null) => {
    inputRef.current = element;
    if (typeof ref === "function") ref(element);
    else if (ref) ref.current = element;
  };

  const announcement = open && query !== null ? (shown.length ? t("optionsAvailable", { count: shown.length }) : emptyText) : "";

  return (
    <FieldFrame ids={ids} {...frame}>
      <div className="relative">
        <input
          ref={setRefs}
          id={ids.controlId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          value={query ?? selected?.label ?? ""}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setOpen(true);
            setActive(filterOptions(options, text).length ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          onClick={() => (open ? undefined : openAt(shown.findIndex((o) => o.value === value)))}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          className={controlClass(error, "min-h-11 pr-11")}
        />
        <button
          type="button"
          tabIndex={-1}
          disabled={disabled}
          aria-label={t("showOptions")}
          aria-controls={listboxId}
          aria-expanded={open}
          // Keep focus in the text box (a click on the button would otherwise blur it and close).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) close();
            else openAt(shown.findIndex((o) => o.value === value));
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink-muted disabled:cursor-not-allowed"
        >
          <LineIcon viewBox="0 0 16 16" className={cn("size-4 transition-transform", open && "rotate-180")}>
            <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
          </LineIcon>
        </button>
        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border-2 border-line bg-white py-1 shadow-lg"
        >
          <ul ref={listRef} id={listboxId} role="listbox" aria-labelledby={ids.labelId} hidden={!shown.length}>
            {shown.map((option, index) => (
              <ListboxOption
                key={option.value}
                listbox={listbox}
                index={index}
                onChoose={() => choose(option)}
                className="flex items-start gap-2"
              >
                <LineIcon viewBox="0 0 16 16" className={cn("mt-1 size-4 shrink-0", option.value !== value && "invisible")}>
                  <path d="m3 8.5 3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
                </LineIcon>
                <span className="min-w-0">
                  <span className="block break-words">{option.label}</span>
                  {option.detail ? <span className="block text-sm break-all text-ink-muted">{option.detail}</span> : null}
                </span>
              </ListboxOption>
            ))}
          </ul>
          {shown.length ? null : <p className="px-3 py-2 text-ink-muted">{emptyText}</p>}
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </FieldFrame>
  );
}
