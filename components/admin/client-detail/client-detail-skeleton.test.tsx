import { render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { ClientDetailSkeleton } from "@/components/admin/client-detail/client-detail-skeleton";

describe("ClientDetailSkeleton", () => {
  it("tells screen readers the client is loading, hides its placeholders and fills the screen", () => {
    const { container } = render(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <ClientDetailSkeleton />
      </NextIntlClientProvider>,
    );
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(/^Loading client…$/);
    // At least a screen tall: the footer stays below the fold until the page replaces the placeholder (no layout shift).
    expect(status).toHaveClass("min-h-dvh");
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThan(10);
  });
});
