import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { getEnv } from "@/lib/env";
import { listMessages } from "@/lib/integrations/email/mailbox-store";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mailbox");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Development-only: the emails captured on this machine. Absent (404) in production. */
export default async function MailboxPage() {
  const env = getEnv();
  if (env.APP_ENV === "production") notFound();
  const t = await getTranslations("mailbox");
  const format = await getFormatter();
  const messages = listMessages(env.MAILBOX_DIR);
  return (
    <TitledPage title={t("title")}>
      <p className="mb-6 max-w-prose text-ink-muted">{t("description")}</p>
      {messages.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b-2 border-line">
                <th scope="col" className="py-2 pr-4">{t("received")}</th>
                <th scope="col" className="py-2 pr-4">{t("to")}</th>
                <th scope="col" className="py-2 pr-4">{t("subject")}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-b border-line">
                  <td className="py-2 pr-4 whitespace-nowrap">{format.dateTime(new Date(m.receivedAt), { dateStyle: "medium", timeStyle: "medium" })}</td>
                  <td className="py-2 pr-4">{m.to.join(", ")}</td>
                  <td className="py-2 pr-4">
                    <Link href={`/dev/mailbox/${m.id}`} className="underline">
                      {m.subject}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledPage>
  );
}
