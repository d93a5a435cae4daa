"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useToastMessages } from "@/components/ui/toast";
import { sendDelete } from "./api";

/*
 * The dialog, its reason form and their schema load after the page has hydrated, not with it: the
 * dialog is closed when the page loads. It mounts closed as soon as it is there, so it knows where
 * focus was before it opens.
 */
const DeleteDialog = dynamic(() => import("./delete-dialog").then((m) => m.DeleteDialog), { ssr: false });

/** "Delete client": asks for the reason, deletes, then goes back to the client list. */
export function DeleteClientButton({ clientId, clientName }: { clientId: number; clientName: string }) {
  const t = useTranslations("clientDetail.deleteClient");
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [open, setOpen] = useState(false);

  async function confirm(reason: string) {
    const result = await sendDelete(`/api/admin/client/${clientId}/delete`, reason);
    if (!result.ok) {
      toastMessage.error("clientDeleteFailed");
      return false;
    }
    toastMessage.success("clientDeleted", { values: { name: clientName } });
    router.push("/administration/client-management");
    router.refresh();
    return true;
  }

  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t("open")}
      </Button>
      <DeleteDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("title", { name: clientName })}
        description={t("description")}
        reasonLabel={t("reason")}
        submitLabel={t("submit")}
        cancelLabel={t("cancel")}
        onConfirm={confirm}
      />
    </>
  );
}
