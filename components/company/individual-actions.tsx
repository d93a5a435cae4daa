"use client";

import { createContext, use, useState, type ComponentPropsWithoutRef, type ReactNode } from "react";
import type { Journey } from "@/lib/domain/values";
import type { OwnCompanyDirector } from "@/lib/server/clients/get-own-company";
import { Button, type ButtonProps } from "@/components/ui/button";
import { AddIndividualDialog, BulkAddDialog, EditIndividualDialog, RemoveIndividualDialog, type AdditionPricing } from "./individual-dialogs";

/** Which of the individuals' dialogs is open, and for whom. */
export type IndividualDialog = { kind: "add" } | { kind: "bulk" } | { kind: "edit"; director: OwnCompanyDirector } | { kind: "remove"; director: OwnCompanyDirector };

const OpenDialog = createContext<(dialog: IndividualDialog) => void>(() => {});

export interface IndividualDialogsProps {
  children: ReactNode;
  pricing: AdditionPricing;
  journey: Journey;
  csvTemplate: string;
  csvTemplateFileName: string;
  /** Every live individual's email, for the CSV importer's duplicate check. */
  allEmails: string[];
}

/**
 * The company page's add, bulk add, edit and remove dialogs, one open at a time, around the
 * server-rendered section whose buttons (`OpenIndividualDialog`) open them. The section itself
 * stays on the server: only this state and the buttons come to the browser.
 */
export function IndividualDialogs({ children, pricing, journey, csvTemplate, csvTemplateFileName, allEmails }: IndividualDialogsProps) {
  const [open, setOpen] = useState<IndividualDialog | null>(null);
  const close = () => setOpen(null);
  return (
    <OpenDialog value={setOpen}>
      {children}
      <AddIndividualDialog open={open?.kind === "add"} onClose={close} pricing={pricing} journey={journey} />
      <BulkAddDialog
        open={open?.kind === "bulk"}
        onClose={close}
        pricing={pricing}
        journey={journey}
        template={csvTemplate}
        templateFileName={csvTemplateFileName}
        existingEmails={allEmails}
      />
      <EditIndividualDialog director={open?.kind === "edit" ? open.director : null} onClose={close} />
      <RemoveIndividualDialog director={open?.kind === "remove" ? open.director : null} onClose={close} />
    </OpenDialog>
  );
}

/** A button that opens one of the individuals' dialogs (inside `IndividualDialogs`). */
export function OpenIndividualDialog({ dialog, ...button }: Omit<ButtonProps, "onClick" | "type"> & { dialog: IndividualDialog }) {
  const openDialog = use(OpenDialog);
  return <Button {...button} type="button" onClick={() => openDialog(dialog)} />;
}

/** The status filter's form, sent again whenever its choice changes (the button stays for those without script). */
export function AutoSubmitForm(props: Omit<ComponentPropsWithoutRef<"form">, "onChange">) {
  return <form {...props} onChange={(e) => e.currentTarget.requestSubmit()} />;
}
