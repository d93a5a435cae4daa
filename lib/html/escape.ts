/**
 * Text made safe inside HTML, in an element or a quoted attribute: the five characters that could
 * end either become entities. Pure and safe in the browser: the emails, the simulators' pages and
 * the select lists written as HTML (components/ui/form/options-html.ts) share it.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
