import { currentLocale } from "@/lib/i18n/current-locale";
import { translator } from "@/lib/i18n/translator";
import { escapeHtml } from "@/lib/html/escape";

/**
 * A subject line safe to send whatever user text it carries (a company's or a person's name): no
 * markup (anything like `<...>`, and any stray angle bracket), and no line break or other control
 * character (CR, LF, U+2028, U+2029, ...), which could start a header of its own; runs of spaces
 * become one.
 */
export function safeSubject(subject: string): string {
  return subject
    .replace(/<[^>]*>/g, "")
    .replace(/[<>]/g, "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface EmailContent {
  subject: string;
  /** Paragraphs of plain text; rendered as <p> in HTML, escaped. */
  paragraphs: string[];
  /** Optional labelled values shown as a table (HTML) or "label: value" lines (text). */
  details?: { label: string; value: string }[];
  /**
   * Optional bulleted list after the paragraphs: a lead-in line and its items (a list in HTML,
   * "- item" lines in text), e.g. what to have ready.
   */
  list?: { title: string; items: string[] };
  action?: { label: string; url: string };
}

/**
 * One email in HTML and text, inside the portal's chrome (company line and copyright), in the
 * language of the translations around it (lib/i18n/current-locale.ts).
 */
export function renderEmail(content: EmailContent, now = new Date()) {
  const locale = currentLocale();
  const t = translator(locale);
  // Every email's subject, whatever text of the user's it carries.
  const subject = safeSubject(content.subject);
  const year = now.getFullYear();
  const footer = [t("chrome.footer.copyright", { year }), t("chrome.footer.company"), t("chrome.footer.acsp")];
  const details = content.details ?? [];

  const text = [
    ...content.paragraphs,
    ...(content.list ? [[content.list.title, ...content.list.items.map((item) => `- ${item}`)].join("\n")] : []),
    ...(details.length ? [details.map((d) => `${d.label}: ${d.value}`).join("\n")] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    "--",
    ...footer,
  ].join("\n\n");

  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b1f24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:6px">
<tr><td style="background:#0b2545;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(t("chrome.appName"))}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${
  content.list
    ? `<p style="margin:0 0 8px">${escapeHtml(content.list.title)}</p><ul style="margin:0 0 16px;padding-left:24px">${content.list.items.map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`).join("")}</ul>`
    : ""
}
${
  details.length
    ? `<table role="presentation" cellpadding="4" cellspacing="0" style="margin:0 0 16px">${details
        .map((d) => `<tr><th align="left" style="padding-right:12px;vertical-align:top">${escapeHtml(d.label)}</th><td>${escapeHtml(d.value).replace(/\n/g, "<br>")}</td></tr>`)
        .join("")}</table>`
    : ""
}
${content.action ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0b2545;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4a5560;border-top:1px solid #e3e7eb">${footer.map(escapeHtml).join("<br>")}</td></tr>
</table></body></html>`;

  return { subject, text, html };
}
