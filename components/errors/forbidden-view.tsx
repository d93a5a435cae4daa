import { useTranslations } from "next-intl";
import { SignOutForm } from "@/components/auth/sign-out-form";
import { ErrorView } from "@/components/errors/error-view";
import { ERROR_CATALOGUE } from "@/lib/errors";
import type { UserType } from "@/lib/domain/values";

/** The signed-in person a 403 is about. */
export interface ForbiddenPerson {
  name: string | null;
  email: string;
  type: UserType;
  /** Their own home (lib/auth/home-path.ts). */
  homePath: string;
}

/**
 * The 403 screen (docs/product.md): the catalogue's code, title, message and actions. For a signed-in
 * person it also says who they are (name and email, their role in words), "Go back home" leads to
 * their own home, and they can sign out (a form post: works without JavaScript) to use another
 * account.
 */
export function ForbiddenView({ person }: { person: ForbiddenPerson | null }) {
  const t = useTranslations("errors.forbidden");
  if (!person) return <ErrorView error={ERROR_CATALOGUE.forbidden} />;
  const who = person.name ? t("person", { name: person.name, email: person.email }) : person.email;
  return (
    <ErrorView
      error={ERROR_CATALOGUE.forbidden}
      homeHref={person.homePath}
      detail={
        <p className="max-w-prose text-ink" data-testid="forbidden-signed-in">
          {t("signedIn", { person: who, role: t(`roles.${person.type}`) })} {t("otherAccount")}
        </p>
      }
    >
      <SignOutForm label={t("signOut")} className="w-full sm:w-auto" />
    </ErrorView>
  );
}
