import type { ReactNode } from "react";
import { cn } from "./cn";

/** What the options of a combobox's list box need to know of it. */
export interface ListboxState {
  /** The id of the option at an index (for the text box's `aria-activedescendant`). */
  optionId: (index: number) => string;
  /** The index of the highlighted option (by the arrow keys or the mouse), or -1. */
  activeIndex: number;
  /** Highlights the option at an index. */
  setActive: (index: number) => void;
}

export interface ListboxOptionProps {
  listbox: ListboxState;
  index: number;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * One option of a combobox's list box popup (`role="option"`): chosen by a click, highlighted as
 * the mouse moves over it. The text box keeps the focus throughout.
 */
export function ListboxOption(props: ListboxOptionProps) {
  const { listbox, index, onChoose, className, children } = props;
  const active = index === listbox.activeIndex;
  return (
    <li
      id={listbox.optionId(index)}
      role="option"
      aria-selected={active}
      // Choosing by mouse must not blur the text box first (that would close the list).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={active ? undefined : () => listbox.setActive(index)}
      className={cn("cursor-pointer px-3 py-2", className, active && "bg-navy-100")}
    >
      {children}
    </li>
  );
}
