import { renderHook } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { useJourneyMessage } from "./journey-messages";
import { usePublicMessage } from "./messages";
import { useStaffMessage } from "./staff-messages";

const wrapper = ({ children }: { children: React.ReactNode }) => (
  <NextIntlClientProvider locale="en-GB" messages={messages}>
    {children}
  </NextIntlClientProvider>
);

describe("the forms' message lookups", () => {
  it("look a key up in their namespaces in order, then fall back to a generic message", () => {
    const staff = renderHook(() => useStaffMessage(), { wrapper }).result.current;
    expect(staff("reasonRequired")).toBe(messages.clientDetail.validation.reasonRequired);
    expect(staff("required")).toBe(messages.validation.required);
    expect(staff("noSuchKey")).toBe(messages.clientDetail.validation.invalidValue);
    expect(staff(undefined)).toBeUndefined();
    const journey = renderHook(() => useJourneyMessage(), { wrapper }).result.current;
    expect(journey("personalCode")).toBe(messages.directorJourney.validation.personalCode);
    expect(journey("reasonTooShort")).toBe(messages.clientDetail.validation.reasonTooShort);
    expect(journey("noSuchKey")).toBe(messages.validation.invalidValue);
    const request = renderHook(() => usePublicMessage(), { wrapper }).result.current;
    expect(request("noSuchKey")).toBe(messages.validation.invalidValue);
  });

  it("keep an unknown key as it is when asked (a server's message already in words)", () => {
    const open = renderHook(() => usePublicMessage(true), { wrapper }).result.current;
    expect(open("email")).toBe(messages.validation.email);
    expect(open("Please try again.")).toBe("Please try again.");
  });
});
