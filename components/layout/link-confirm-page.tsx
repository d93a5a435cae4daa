import { CardPage } from "@/components/layout/page-layouts";
import { buttonClassName } from "@/components/ui/button-styles";

/**
 * The page an emailed one-time link lands on: a GET never acts (mail scanners open links), so the
 * person confirms with this button, whose POST uses the link up. A plain form: works without JavaScript.
 */
export function LinkConfirmPage({ title, description, action, submit, note }: { title: string; description: string; action: string; submit: string; note: string }) {
  return (
    <CardPage title={title} description={description}>
      <form method="post" action={action} className="flex flex-col gap-4">
        <button type="submit" className={buttonClassName({ fullWidth: true })}>
          {submit}
        </button>
        <p className="text-sm text-ink-muted">{note}</p>
      </form>
    </CardPage>
  );
}
