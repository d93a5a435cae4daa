import { getTranslations } from "next-intl/server";
import type { Principal } from "@/lib/auth/principal";
import { NotificationBellHost } from "@/components/admin/notifications/notification-bell-host";
import { SignOutForm } from "@/components/auth/sign-out-form";

/**
 * Header actions for a signed-in person: for admins the notification bell, then who they are and a
 * Sign out button (works without JavaScript).
 */
export async function UserMenu({ user }: { user: Principal | null }) {
  if (!user) return null;
  const t = await getTranslations("session");
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {user.type === "Admin" ? <NotificationBellHost /> : null}
      <p className="text-white">
        {t("signedInAs")} <span className="font-semibold break-all">{user.email}</span>
      </p>
      <SignOutForm label={t("signOut")} size="sm" />
    </div>
  );
}
