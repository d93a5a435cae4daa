import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { TitledPage } from "@/components/layout/page-layouts";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";
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
      <Table caption={t("title")}>
        <TableHead headers={[t("received"), t("to"), t("subject")]} />
        <TableBody>
          {messages.length === 0 ? <TableEmptyRow colSpan={3}>{t("empty")}</TableEmptyRow> : null}
          {messages.map((m) => (
            <TableRow key={m.id}>
              <TableCell label={t("received")} className="sm:whitespace-nowrap">
                {format.dateTime(new Date(m.receivedAt), { dateStyle: "medium", timeStyle: "medium" })}
              </TableCell>
              <TableCell label={t("to")}>{m.to.join(", ")}</TableCell>
              <TableCell label={t("subject")}>
                <Link href={`/dev/mailbox/${m.id}`} className="underline">
                  {m.subject}
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TitledPage>
  );
}
