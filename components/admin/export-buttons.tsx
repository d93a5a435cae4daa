import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button-styles";
import { LineIcon } from "@/components/ui/line-icon";

/*
 * CSV download links styled as buttons. Plain `<a download>` links: no JavaScript, the browser
 * streams the file straight to disk. Usable from server and client components alike.
 */

const DOWNLOAD_ICON = (
  <LineIcon className="size-4 shrink-0">
    <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
  </LineIcon>
);

/** "Export clients (CSV)" and "Export individuals (CSV)": for the client list. */
export function ExportButtons() {
  const t = useTranslations("exports");
  return (
    <div className="flex flex-wrap gap-3">
      <a href="/api/admin/export/client" download className={buttonClassName({ variant: "secondary", size: "sm" })}>
        {DOWNLOAD_ICON}
        {t("clients")}
      </a>
      <a href="/api/admin/export/director" download className={buttonClassName({ variant: "secondary", size: "sm" })}>
        {DOWNLOAD_ICON}
        {t("individuals")}
      </a>
    </div>
  );
}

/** "Export individuals (CSV)" of one client: for the client detail page. */
export function ClientDirectorsExportButton({ clientId }: { clientId: number }) {
  const t = useTranslations("exports");
  return (
    <a
      href={`/api/admin/director-verification/clients/${encodeURIComponent(String(clientId))}/directors-export`}
      download
      className={buttonClassName({ variant: "secondary", size: "sm" })}
    >
      {DOWNLOAD_ICON}
      {t("clientIndividuals")}
    </a>
  );
}
