import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";

/** Renders a component as a page would, with the English catalogue: for component tests. */
export function renderWithMessages(ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      {ui}
    </NextIntlClientProvider>,
  );
}
