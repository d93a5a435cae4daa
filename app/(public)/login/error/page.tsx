import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginErrorView } from "@/components/errors/error-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login.error");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The Login Error screen (docs/product.md): a used, expired or unknown sign-in link. */
export default function LoginErrorPage() {
  return <LoginErrorView />;
}
