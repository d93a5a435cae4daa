import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { getEnv } from "@/lib/env";
import { readMessage } from "@/lib/integrations/email/mailbox-store";

export const dynamic = "force-dynamic";

/** The title is the message's subject. */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const env = getEnv();
  const [t, { id }] = await Promise.all([getTranslations("mailbox"), params]);
  const message = env.APP_ENV === "production" ? null : readMessage(env.MAILBOX_DIR, id);
  return { title: message ? t("messageMetaTitle", { subject: message.subject }) : t("metaTitle"), robots: { index: false } };
}

/** One captured email: headers, the HTML version in a sandboxed frame, and the text version. */
export default async function MailboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const env = getEnv();
  if (env.APP_ENV === "production") notFound();
  const { id } = await params;
  const message = readMessage(env.MAILBOX_DIR, id);
  if (!message) notFound();
  const t = await getTranslations("mailbox");
  const format = await getFormatter();
  return (
    <TitledPage title={message.subject}>
      <p className="mb-4">
        <Link href="/dev/mailbox" className="underline">
          {t("back")}
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("from")}</dt>
        <dd>{message.from}</dd>
        <dt className="font-semibold">{t("to")}</dt>
        <dd>{message.to.join(", ")}</dd>
        <dt className="font-semibold">{t("received")}</dt>
        <dd>{format.dateTime(new Date(message.receivedAt), { dateStyle: "medium", timeStyle: "medium" })}</dd>
      </dl>
      {message.html ? (
        <section aria-labelledby="html-version" className="mb-6">
          <h2 id="html-version" className="mb-2 text-lg font-semibold">{t("htmlVersion")}</h2>
          {/* The email's own HTML, isolated: no scripts, no same-origin access. */}
          <iframe title={t("htmlVersion")} sandbox="" srcDoc={message.html} className="h-[32rem] w-full rounded border border-line bg-white" />
        </section>
      ) : null}
      <section aria-labelledby="text-version">
        <h2 id="text-version" className="mb-2 text-lg font-semibold">{t("textVersion")}</h2>
        <pre className="overflow-x-auto rounded border border-line bg-gray-50 p-4 text-sm whitespace-pre-wrap">{message.text}</pre>
      </section>
    </TitledPage>
  );
}
