// The simulator's stand-in for Stripe's hosted Checkout page: one self-contained, accessible HTML
// page (no scripts, no outside assets) showing what is being paid for, a simulated card form and a
// way back. Test card numbers behave as in Stripe's test mode: 4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined.
import type { StoredSession } from "./checkout";
import { escapeHtml } from "../../../html/escape";
import { simulatorPage } from "../../simulator-http";

export const DECLINED_CARD = "4000000000000002";
export const SUCCESS_CARD = "4242424242424242";

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1a1a; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
  .banner { background: #fff4ce; border: 1px solid #9a6700; padding: .5rem .75rem; border-radius: 6px; font-size: .9rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: .4rem 0; border-bottom: 1px solid #d0d7de; }
  td.num, th.num { text-align: right; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border: 1px solid #57606a; border-radius: 6px; }
  .hint { font-size: .85rem; color: #57606a; margin: .25rem 0 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; }
  button.primary { background: #0a2540; color: #fff; }
  button:focus-visible, input:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
  [role=alert] { color: #a40e26; background: #ffebe9; border: 1px solid #a40e26; padding: .5rem .75rem; border-radius: 6px; }
`;

const layout = (title: string, body: string) => simulatorPage(title, STYLE, `<p class="banner">Test mode: a local simulation of Stripe Checkout. No real card is charged.</p>`, body);

/** The checkout form for an open session, with an error message after a declined card. */
export function checkoutPage(stored: StoredSession, opts: { error?: string; card?: string; email?: string } = {}): string {
  const s = stored.session;
  const rows = stored.lineItems
    .map((i) => `<tr><td>${escapeHtml(i.name)}</td><td class="num">${i.quantity}</td><td class="num">${money(i.unitAmount * i.quantity, s.currency)}</td></tr>`)
    .join("\n");
  const total = money(s.amount_total, s.currency);
  const email = opts.email ?? s.customer_email ?? "";
  return layout(`Pay ${total}`, `
<h1>Pay ${escapeHtml(total)}</h1>
${opts.error ? `<p role="alert" id="card-error">${escapeHtml(opts.error)}</p>` : ""}
<table>
<caption class="hint">What you are paying for</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total due</th><td class="num">${escapeHtml(total)}</td></tr></tfoot>
</table>
<form method="post" action="/pay/${encodeURIComponent(s.id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}" required>
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(opts.card ?? "4242 4242 4242 4242")}" required aria-describedby="card-hint${opts.error ? " card-error" : ""}"${opts.error ? ' aria-invalid="true"' : ""}>
<p class="hint" id="card-hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<label for="expiry">Expiry date (MM / YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" value="12 / 34" required>
<label for="cvc">Security code</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required>
<div class="actions">
<button class="primary" type="submit" name="action" value="pay">Pay ${escapeHtml(total)}</button>
${s.cancel_url ? `<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>` : ""}
</div>
</form>`);
}

/** The page for a session that can no longer be paid (already paid, or expired). */
export function closedPage(stored: StoredSession): string {
  const complete = stored.session.status === "complete";
  const title = complete ? "This payment is complete" : "This checkout session has expired";
  return layout(title, `<h1>${title}</h1>
<p>${complete ? "Your payment has been received. You can close this page." : "Please return to the site you came from to start again."}</p>`);
}

export function notFoundPage(): string {
  return layout("Page not found", `<h1>Page not found</h1><p>There is no checkout session at this address.</p>`);
}
