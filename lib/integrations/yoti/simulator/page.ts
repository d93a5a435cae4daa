// The simulator's stand-in for Yoti's hosted identity-verification page. Instead of scanning a
// document and a face, the person (or an end-to-end test) chooses how the checks come out. One
// self-contained HTML document: no scripts, no external assets, inline styles only, so it works in
// the portal's iframe under a strict Content-Security-Policy.
import type { Outcome } from "./sessions";
import { escapeHtml } from "../../../html/escape";
import { simulatorPage } from "../../simulator-http";

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #102a43; background: #f0f4f8; }
  main { max-width: 36rem; margin: 0 auto; padding: 1.5rem; }
  h1 { font-size: 1.375rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1rem; }
  .banner { background: #fff3c4; border: 1px solid #8d6e00; padding: .5rem .75rem; border-radius: .375rem; font-size: .875rem; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .75rem; }
  button { width: 100%; text-align: left; font: inherit; padding: .75rem 1rem; border-radius: .375rem; border: 2px solid #334e68; background: #fff; color: #102a43; cursor: pointer; }
  button:hover { background: #d9e2ec; }
  button:focus-visible { outline: 3px solid #0b69a3; outline-offset: 2px; }
  .hint { display: block; font-size: .875rem; color: #334e68; margin: .25rem 0 0 .25rem; }
`;

const layout = (title: string, body: string) => simulatorPage(title, STYLE, `<p class="banner" role="note">Local Yoti simulator: no real identity check takes place.</p>`, body);

const CHOICES: { outcome: Outcome; label: string; hint: string }[] = [
  { outcome: "approve", label: "Approve all checks", hint: "Document, liveness and face match all pass." },
  { outcome: "reject", label: "Reject", hint: "The document authenticity check fails." },
  { outcome: "manual", label: "Manual review", hint: "A check cannot be decided automatically (NOT_AVAILABLE)." },
  { outcome: "expire", label: "Let the link expire", hint: "The session ends unfinished (EXPIRED)." },
];

export function choicePage(sessionId: string, sessionToken: string, formAction: string): string {
  const buttons = CHOICES.map(
    // The hint stays outside the button so that the button's name is just its label.
    (c) => `<li><button type="submit" name="outcome" value="${c.outcome}" aria-describedby="hint-${c.outcome}">${escapeHtml(c.label)}</button><span class="hint" id="hint-${c.outcome}">${escapeHtml(c.hint)}</span></li>`,
  ).join("\n");
  return layout(
    "Verify your identity",
    `<h1>Verify your identity</h1>
<p>Choose how the identity check of this session turns out.</p>
<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="sessionID" value="${escapeHtml(sessionId)}">
<input type="hidden" name="sessionToken" value="${escapeHtml(sessionToken)}">
<ul>
${buttons}
</ul>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
