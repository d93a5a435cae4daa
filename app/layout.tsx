import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { ToasterHost } from "@/components/ui/toaster-host";
import { IntlClientProvider } from "@/components/i18n/intl-client-provider";
import { SessionProvider } from "@/components/auth/session-provider";
import { UserMenu } from "@/components/auth/user-menu";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { ROOT_CLIENT_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { pickMessages } from "@/lib/i18n/pick-messages";
import "./globals.css";

/** The element after the shell's last part (the footer): see the `rel="expect"` link below. */
const SHELL_END_ID = "shell-end";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("chrome");
  return {
    title: { template: t("titleTemplate"), default: t("appName") },
    description: t("description"),
    applicationName: t("appName"),
    icons: { icon: { url: "/logo.svg", type: "image/svg+xml" } },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0b2545",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, timeZone, messages, t, user] = await Promise.all([
    getLocale(),
    getTimeZone(),
    getMessages(),
    getTranslations("chrome"),
    getCurrentUser(),
  ]);
  const session = user ? ({ status: "loggedIn", username: user.email, userType: user.type } as const) : null;

  return (
    <html lang={locale} dir="ltr">
      <body className="flex min-h-dvh flex-col bg-white text-ink antialiased">
        {/*
          No frame before the whole shell is in: a response that arrives in pieces, or a parser that
          yields on a slow phone, otherwise paints the header without who is signed in or a footer
          without its links, and what follows moves when the rest comes (the story is in
          docs/speed.md "Layout shift"). The browser draws once it has read the marker after the
          footer (naming the footer drew it empty: Chromium counts its start tag). React puts the
          link in the head; what streams in later (Suspense) comes after the marker.
        */}
        <link rel="expect" href={`#${SHELL_END_ID}`} blocking="render" />
        <a
          href="#main-content"
          className="sr-only rounded-sm bg-[#ffdd00] px-4 py-3 font-semibold text-black underline focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:text-black"
        >
          {t("skipToContent")}
        </a>
        {/* Only what the layout's client components use: a page hands its own theirs (components/i18n/client-messages.tsx). */}
        <IntlClientProvider locale={locale} timeZone={timeZone} messages={pickMessages(messages, ROOT_CLIENT_NAMESPACES)}>
          <SessionProvider session={session}>
            <Header actions={<UserMenu user={user} />} />
            <main id="main-content" tabIndex={-1} className="flex w-full flex-1 flex-col">
              {children}
            </main>
            <Footer />
            <div id={SHELL_END_ID} hidden />
            <ToasterHost />
          </SessionProvider>
        </IntlClientProvider>
      </body>
    </html>
  );
}
