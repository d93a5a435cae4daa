import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "node:util";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { RequestForm, type RequestFormProps } from "./request-form";
import { goTo } from "./navigate";

jest.mock("./navigate", () => ({ goTo: jest.fn() }));
jest.mock("@/lib/integrations/captcha/browser", () => ({
  loadCaptcha: jest.fn(() => Promise.resolve(true)),
  executeCaptcha: jest.fn((_key: string, action: string) => Promise.resolve(`token-for-${action}`)),
}));

// jsdom lacks these; the CSV import decodes the file's bytes with TextDecoder.
Object.assign(globalThis, { TextDecoder, TextEncoder });

const COUNTRIES = [
  { value: "GB", label: "United Kingdom" },
  { value: "IE", label: "Ireland" },
];

function renderForm(props: Partial<RequestFormProps> = {}) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <RequestForm
        journey="PayByInvoice"
        countries={COUNTRIES}
        pricing={{ unitPrice: 6500, vatRatePercent: 20 }}
        captcha={{ siteKey: "site-key", scriptUrl: "/recaptcha/enterprise.js" }}
        csvTemplate={"\uFEFFName,Email\r\n"}
        csvTemplateFileName="individuals-template.csv"
        {...props}
      />
    </NextIntlClientProvider>,
  );
}

/** The error summary at the top of the form. */
function errorSummary(): HTMLElement {
  const summary = document.getElementById("request-error-summary");
  if (!summary) throw new Error("no error summary");
  return summary;
}
const section = (name: string) => screen.getByRole("region", { name });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const next = () => act(async () => void fireEvent.click(screen.getByRole("button", { name: "Continue" })));
const heading = () => screen.getByTestId("request-step-heading");

function fillCompany() {
  type(within(section("Company")).getByLabelText("Company name"), "Acme Widgets Ltd");
  type(within(section("Company")).getByLabelText(/Company number/), "01234567");
  fireEvent.click(screen.getByLabelText(/Group managed solution/));
}
function fillIndividuals() {
  const people = within(section("Individuals to verify"));
  type(people.getByLabelText("Full name"), "Carol Director");
  type(people.getByLabelText("Email address"), "carol@example.com");
}
function fillContacts() {
  const main = within(section("Main contact"));
  type(main.getByLabelText("First name"), "Ann");
  type(main.getByLabelText("Last name"), "Lee");
  type(main.getByLabelText("Email address"), " Ann.Lee@Example.com ");
  type(main.getByLabelText("Telephone number"), "+44 20 7946 0000");
  const ap = within(section("Accounts-payable contact"));
  type(ap.getByLabelText("First name"), "Bob");
  type(ap.getByLabelText("Last name"), "Payne");
  type(ap.getByLabelText("Email address"), "bob@example.com");
}
function fillBilling() {
  const billing = within(section("Billing entity and address"));
  type(billing.getByLabelText(/Billing entity name/), "Acme Widgets Ltd");
  type(billing.getByLabelText("Address line 1"), "1 High Street");
  type(billing.getByLabelText("Town or city"), "London");
  type(within(section("VAT")).getByLabelText(/VAT registration number/), "GB 123 4567 89");
}

/** Fills every step and continues to "Check your answers". */
async function fillValid() {
  fillCompany();
  await next();
  fillIndividuals();
  await next();
  fillContacts();
  await next();
  fillBilling();
  await next();
  await waitFor(() => expect(heading()).toHaveTextContent("Check your answers"));
}

/** jsdom has no fetch Response: just what the form reads of one. */
function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return { status, ok: status >= 200 && status < 300, headers: new Map(Object.entries(headers)), json: () => Promise.resolve(body) };
}

const submit = () => act(async () => void fireEvent.click(screen.getByRole("button", { name: /Submit request|Continue to payment/ })));

/** The form's own calls (the request, the customer record); the Companies House look-ups go to `registerMock`. */
let fetchMock: jest.Mock;
/** GET /api/companies-house/…: by default the register is unavailable (503), as without a simulator. */
let registerMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  registerMock = jest.fn(() => Promise.resolve(reply(503, { error: "unavailable", message: "Companies House cannot be reached just now." })));
  global.fetch = jest.fn((url: string, init?: RequestInit) => (String(url).startsWith("/api/companies-house/") ? registerMock(url, init) : fetchMock(url, init))) as unknown as typeof fetch;
  jest.mocked(goTo).mockReset();
  jest.spyOn(console, "warn").mockImplementation(() => {});
});

describe("RequestForm", () => {
  it("asks in short steps with Continue and Back, keeping the answers, each step's heading focused", async () => {
    renderForm({ companyName: "Prefilled Ltd" });
    expect(screen.getByTestId("request-step-progress")).toHaveTextContent("Step 1 of 5");
    expect(heading()).toHaveTextContent("Company and service");
    expect(section("Company")).toBeInTheDocument();
    expect(section("Service option")).toBeInTheDocument();
    expect(within(section("Company")).getByLabelText("Company name")).toHaveValue("Prefilled Ltd");
    expect(screen.getByRole("group", { name: "Which service do you need?" })).toHaveAccessibleDescription(/typically takes no longer than two working days/);
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    fillCompany();
    await next();
    expect(heading()).toHaveTextContent("Individuals");
    expect(heading()).toHaveFocus();
    expect(section("Individuals to verify")).toBeInTheDocument();
    expect(section("Price")).toBeInTheDocument();
    fillIndividuals();
    await next();
    expect(heading()).toHaveTextContent("Contacts");
    for (const name of ["Main contact", "Accounts-payable contact"]) expect(section(name)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(heading()).toHaveTextContent("Individuals");
    expect(within(section("Individuals to verify")).getByLabelText("Full name")).toHaveValue("Carol Director");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(within(section("Company")).getByLabelText(/Company number/)).toHaveValue("01234567");
    expect(screen.getByLabelText(/Group managed solution/)).toBeChecked();
    await next();
    await next();
    fillContacts();
    await next();
    expect(heading()).toHaveTextContent("Billing and VAT");
    for (const name of ["Billing entity and address", "VAT", "Purchase order"]) expect(section(name)).toBeInTheDocument();
    fillBilling();
    await next();
    expect(heading()).toHaveTextContent("Check your answers");
    expect(screen.getByTestId("request-step-progress")).toHaveTextContent("Step 5 of 5");
  });

  it("shows the step's errors in a focused summary linking each field, and goes no further", async () => {
    renderForm();
    await next();
    const summary = errorSummary();
    expect(summary).toHaveTextContent("There is a problem");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(section("Company")).getByLabelText("Company name")).toHaveAccessibleDescription(/Error: Enter the company name$/);
    // Each problem is a link to its field, in the order of the page; following it focuses the field.
    const link = within(summary).getByRole("link", { name: "Enter the company number" });
    expect(link).toHaveAttribute("href", "#request-company-companyId");
    fireEvent.click(link);
    expect(within(section("Company")).getByLabelText(/Company number/)).toHaveFocus();
    expect(within(summary).getAllByRole("link").map((l) => l.textContent)).toEqual(["Enter the company name", "Enter the company number", "Choose a service option"]);
    fireEvent.click(within(summary).getByRole("link", { name: "Choose a service option" }));
    expect(screen.getByLabelText(/One-off solution/)).toHaveFocus();
    expect(heading()).toHaveTextContent("Company and service");
    fillCompany();
    await next();
    await next();
    expect(within(section("Individuals to verify")).getByLabelText("Full name")).toHaveAccessibleDescription("Error: Enter the individual's full name");
    expect(within(errorSummary()).getAllByRole("link").map((l) => l.textContent)).toEqual(["Enter the individual's full name", "Enter the individual's email address"]);
    await next();
    fillIndividuals();
    await next();
    await next();
    expect(within(section("Main contact")).getByLabelText("Email address")).toHaveAccessibleDescription("Error: Enter the main contact's email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the answers with a Change link each, back to the step and field, and back to the check page on Continue", async () => {
    renderForm();
    await fillValid();
    const company = within(screen.getByTestId("check-company"));
    expect(company.getByText("Acme Widgets Ltd")).toBeInTheDocument();
    expect(company.getByText("01234567")).toBeInTheDocument();
    expect(company.getByText("Group managed solution")).toBeInTheDocument();
    expect(within(screen.getByTestId("check-individuals")).getByText("Carol Director")).toBeInTheDocument();
    expect(within(screen.getByTestId("check-billing")).getByText("GB123456789")).toBeInTheDocument();
    const change = screen.getByRole("link", { name: "Change company number" });
    fireEvent.click(change);
    expect(heading()).toHaveTextContent("Company and service");
    await waitFor(() => expect(within(section("Company")).getByLabelText(/Company number/)).toHaveFocus());
    type(within(section("Company")).getByLabelText(/Company number/), "sc 123 456");
    await next();
    expect(heading()).toHaveTextContent("Check your answers");
    expect(within(screen.getByTestId("check-company")).getByText("SC123456")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /^Change/ }).length).toBeGreaterThanOrEqual(8);
  });

  it("posts the checked values with the bot check's token field and goes where the server says", async () => {
    fetchMock.mockResolvedValue(reply(201, { reference: "AB12CD34", next: "/requests/identity-verification/submitted?reference=AB12CD34" }));
    renderForm();
    await fillValid();
    await submit();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/requests/identity-verification/submitted?reference=AB12CD34"));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/requests/identity-verification");
    const body = JSON.parse(init.body);
    expect(body).toMatchObject({
      journey: "PayByInvoice",
      productTier: "Managed",
      company: { name: "Acme Widgets Ltd", companyId: "01234567" },
      mainContactEmail: "ann.lee@example.com",
      billingAddressCountry: "GB",
      vatNumber: "GB123456789",
      vatExempt: false,
      individuals: [{ name: "Carol Director", email: "carol@example.com" }],
    });
    expect(body.captchaToken).toBe("token-for-request_verification");
  });

  it("keeps everything typed and marks the fields the server refused", async () => {
    fetchMock.mockResolvedValue(reply(400, { error: "bad_request", message: "Some fields are not valid.", fields: { "individuals.0.email": ["duplicateEmail"], "company.companyId": ["tooLong"] } }));
    renderForm();
    await fillValid();
    await submit();
    // The first step with a problem is shown, its summary focused; the other step's problem waits there.
    await waitFor(() => expect(heading()).toHaveTextContent("Company and service"));
    expect(within(section("Company")).getByLabelText(/Company number/)).toHaveAccessibleDescription(/too long/);
    await waitFor(() => expect(errorSummary()).toHaveFocus());
    await next();
    const email = within(section("Individuals to verify")).getByLabelText("Email address");
    expect(email).toHaveAccessibleDescription(/already used by another individual/);
    expect(email).toHaveValue("carol@example.com");
    await next();
    expect(within(section("Main contact")).getByLabelText("First name")).toHaveValue("Ann");
    expect(goTo).not.toHaveBeenCalled();
  });

  it("offers to continue to payment when the same card request is already waiting for it, and creates nothing", async () => {
    const continueUrl = "http://localhost:3000/requests/identity-verification/continue/12.abcdefghijklmnopqrstuvwxyz";
    fetchMock.mockResolvedValue(reply(409, { error: "conflict", message: "You already started this request.", continueUrl }));
    renderForm({ journey: "PayByCard" });
    await fillValid();
    await submit();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("You already started this request");
    expect(screen.getByRole("link", { name: "Continue to payment" })).toHaveAttribute("href", continueUrl);
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById("request-outcome")));
    expect(goTo).not.toHaveBeenCalled();
  });

  it("says when the bot check failed, keeping the form", async () => {
    fetchMock.mockResolvedValue(reply(400, { error: "bad_request", message: "Verification failed. Please try again." }));
    renderForm({ journey: "PayByCard" });
    await fillValid();
    await submit();
    expect(await screen.findByText("Verification failed. Please try again.")).toBeInTheDocument();
    expect(within(screen.getByTestId("check-company")).getByText("Acme Widgets Ltd")).toBeInTheDocument();
  });

  it("fills the Existing journey from the customer record found by lwdbNumber", async () => {
    fetchMock.mockResolvedValue(
      reply(200, {
        name: "Hartwell Holdings Ltd",
        customerCode: "LW100",
        companyId: "09876543",
        productTier: "Managed",
        mainContactFirstName: "Olivia",
        mainContactEmail: "olivia@example.com",
        directorImport: { directorInfos: [{ name: "James Whitaker", email: "james@example.com" }] },
      }),
    );
    renderForm({ journey: "Existing", companyName: "Hartwell", lwdbNumber: "LW100" });
    expect(await screen.findByText("Form filled in from your customer record")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/lwdb-record?name=Hartwell&customerCode=LW100");
    expect(JSON.parse(init.body)).toEqual({ captchaToken: "token-for-lwdb_record" });
    expect(within(section("Company")).getByLabelText("Company name")).toHaveValue("Hartwell Holdings Ltd");
    expect(within(section("Company")).getByLabelText(/Company number/)).toHaveValue("09876543");
    expect(within(section("Company")).getByLabelText(/Customer code/)).toHaveValue("LW100");
    expect(screen.getByLabelText(/Group managed solution/)).toBeChecked();
    await next();
    expect(within(section("Individuals to verify")).getByLabelText("Email address")).toHaveValue("james@example.com");
    await next();
    expect(within(section("Main contact")).getByLabelText("First name")).toHaveValue("Olivia");
  });

  it("says when the customer record is not found and leaves the form to fill in", async () => {
    fetchMock.mockResolvedValue(reply(404, { error: "not_found", message: "Not found." }));
    renderForm({ journey: "Existing", companyName: "Nobody Ltd", lwdbNumber: "NOPE" });
    expect(await screen.findByText("Customer record not found")).toBeInTheDocument();
    expect(screen.getByText(/We could not find customer code NOPE/)).toBeInTheDocument();
  });

  it("without a company name, does not look the customer up but takes the customer code as typed", async () => {
    renderForm({ journey: "Existing", lwdbNumber: "LW100" });
    expect(within(section("Company")).getByLabelText(/Customer code/)).toHaveValue("LW100");
    expect(screen.queryByText(/customer record/i)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a company number and a VAT number not in the registers' formats", async () => {
    renderForm();
    fillCompany();
    type(within(section("Company")).getByLabelText(/Company number/), "ABC");
    await next();
    expect(within(errorSummary()).getAllByRole("link").map((l) => l.textContent)).toEqual(["Enter a company number of 8 characters, like 01234567 or SC123456"]);
    type(within(section("Company")).getByLabelText(/Company number/), "01234567");
    await next();
    fillIndividuals();
    await next();
    fillContacts();
    await next();
    fillBilling();
    type(within(section("VAT")).getByLabelText(/VAT registration number/), "123456789");
    await next();
    expect(within(errorSummary()).getAllByRole("link").map((l) => l.textContent)).toEqual(["Enter a VAT number in the correct format, like GB123456789 or XI123456789"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("with 'The accounts-payable contact is the main contact' ticked, hides those fields and sends the main contact's", async () => {
    fetchMock.mockResolvedValue(reply(201, { reference: "AB12CD34", next: "/done" }));
    renderForm();
    await fillValid();
    fireEvent.click(screen.getByRole("link", { name: "Change accounts-payable contact" }));
    const ap = within(section("Accounts-payable contact"));
    type(ap.getByLabelText("Email address"), "");
    fireEvent.click(ap.getByLabelText("The accounts-payable contact is the main contact"));
    expect(ap.getByLabelText("Email address")).not.toBeVisible();
    await next();
    expect(within(screen.getByTestId("check-contacts")).getByText("The main contact")).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/done"));
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body).toMatchObject({
      accountPayableContactFirstName: "Ann",
      accountPayableContactLastName: "Lee",
      accountPayableContactEmail: "ann.lee@example.com",
      accountPayableContactTelephone: "+44 20 7946 0000",
    });
  });

  it("asks for a VAT number unless VAT exempt", async () => {
    renderForm();
    await fillValid();
    fireEvent.click(screen.getByRole("link", { name: "Change VAT" }));
    type(within(section("VAT")).getByLabelText(/VAT registration number/), "");
    await next();
    await waitFor(() => expect(within(section("VAT")).getByLabelText(/VAT registration number/)).toHaveAccessibleDescription(/Enter a VAT number, or tick VAT exempt/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses more than one individual for the one-off solution", async () => {
    renderForm();
    fillCompany();
    await next();
    fillIndividuals();
    fireEvent.click(screen.getByRole("button", { name: "Add another individual" }));
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(screen.getByLabelText(/One-off solution/));
    await next();
    await next();
    expect(await within(section("Individuals to verify")).findByText("The one-off solution verifies exactly one individual")).toBeInTheDocument();
    expect(within(errorSummary()).getByRole("link", { name: "The one-off solution verifies exactly one individual" })).toHaveAttribute("href", "#request-individuals-0-name");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("prices the individuals with VAT, with a toggle to show prices including VAT, and still with VAT when an exemption is only declared", async () => {
    renderForm();
    await fillValid();
    const price = within(section("Price"));
    await waitFor(() => expect(price.getByTestId("amount-due")).toHaveTextContent("£78.00"));
    expect(price.getAllByText("£65.00")).toHaveLength(2);
    fireEvent.click(price.getByLabelText("Show prices including VAT"));
    expect(price.getByText("Price per individual (including VAT)")).toBeInTheDocument();
    expect(price.getAllByText("£78.00")).toHaveLength(2);
    fireEvent.click(screen.getByRole("link", { name: "Change VAT" }));
    fireEvent.click(within(section("VAT")).getByLabelText("The billing entity is VAT exempt"));
    expect(within(section("VAT")).getByLabelText(/VAT registration number/)).toBeDisabled();
    await next();
    expect(within(screen.getByTestId("check-billing")).getByText("VAT exempt")).toBeInTheDocument();
    const after = within(section("Price"));
    await waitFor(() => expect(after.getByTestId("vat-exemption-claimed")).toHaveTextContent(/until our staff have confirmed/));
    expect(after.getByTestId("amount-due")).toHaveTextContent("£78.00");
  });

  it("imports individuals from a CSV file and lists the rows that could not be processed with their reasons", async () => {
    renderForm();
    fillCompany();
    await next();
    const csv = "Name;Email\r\nAnn Lee;ANN@example.com\r\nNo Email;\r\nBen Ray;ben@example.com\r\nAnn Again;ann@example.com\r\n";
    const file = new File([csv], "people.csv", { type: "text/csv" });
    if (!file.arrayBuffer) Object.assign(file, { arrayBuffer: () => Promise.resolve(new TextEncoder().encode(csv).buffer) });
    await act(async () => void fireEvent.change(screen.getByLabelText("CSV file of individuals"), { target: { files: [file] } }));
    expect(await screen.findByText("2 individuals were added from people.csv.")).toBeInTheDocument();
    const errors = screen.getByTestId("csv-errors");
    expect(within(errors).getByText("2 rows could not be processed. Click to view details.")).toBeInTheDocument();
    expect(within(errors).getByText(/Row 3 \(No Email\): Email: Enter the individual's email address/)).toBeInTheDocument();
    expect(within(errors).getByText(/Row 5 \(Ann Again, ann@example.com\): Email: This email address is already used/)).toBeInTheDocument();
    const people = within(section("Individuals to verify"));
    expect(people.getAllByLabelText("Email address").map((i) => (i as HTMLInputElement).value)).toEqual(["ann@example.com", "ben@example.com"]);
    expect(within(section("Price")).getByText("2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download the CSV template" })).toHaveAttribute("download", "individuals-template.csv");
  });

  describe("with the Companies House register", () => {
    const hartwell = {
      company: {
        number: "09417262",
        name: "HARTWELL HOLDINGS LIMITED",
        displayName: "Hartwell Holdings Limited",
        status: "active",
        statusLabel: "Active",
        registeredOffice: { line1: "14 Albemarle Street", line2: "", city: "London", region: "", postCode: "W1S 4HW", country: "GB" },
        confirmationStatementDue: "2027-01-07",
      },
      people: [
        {
          key: "officer:jw",
          displayName: "James Edward Whitaker",
          role: "Director and person with significant control",
          kind: "officer",
          officerId: "jw",
          appointedOn: "2015-02-03",
          birthMonth: 6,
          birthYear: 1971,
          register: { officerId: "jw", role: "director", appointedOn: "2015-02-03", birthMonth: 6, birthYear: 1971 },
        },
        {
          key: "officer:ps",
          displayName: "Priya Sharma",
          role: "Director",
          kind: "officer",
          officerId: "ps",
          appointedOn: "2018-09-12",
          birthMonth: 3,
          birthYear: 1984,
          register: { officerId: "ps", role: "director", appointedOn: "2018-09-12", birthMonth: 3, birthYear: 1984 },
        },
        {
          key: "psc:dm",
          displayName: "Daniel Murphy",
          role: "Person with significant control",
          kind: "psc",
          officerId: null,
          appointedOn: "2022-09-01",
          birthMonth: 12,
          birthYear: 1980,
          register: { role: "psc", appointedOn: "2022-09-01", birthMonth: 12, birthYear: 1980 },
        },
      ],
    };
    const calder = {
      company: { ...hartwell.company, number: "11820457", name: "CALDER & FINCH CONSULTING LTD", registeredOffice: { line1: "3 Hardman Square", line2: "Spinningfields", city: "Manchester", region: "", postCode: "M3 3EB", country: "GB" } },
      people: [],
    };

    beforeEach(() => {
      registerMock.mockImplementation((url: string) => {
        const answer = (() => {
          if (url === "/api/companies-house/companies/09417262") return reply(200, hartwell);
          if (url === "/api/companies-house/companies/11820457") return reply(200, calder);
          if (url === "/api/companies-house/companies/08812345") return reply(409, { error: "conflict", companyName: "KESTREL & WREN TRADING LIMITED", status: "dissolved" });
          if (url === "/api/companies-house/companies/01234567") return reply(404, { error: "not_found" });
          if (url.startsWith("/api/companies-house/search?")) {
            return reply(200, {
              suggestions: [
                { number: "09417262", name: "HARTWELL HOLDINGS LIMITED", status: "active", statusLabel: "Active", closed: false, address: "14 Albemarle Street, London, W1S 4HW" },
                { number: "08812345", name: "HARTWELL TRADING LIMITED", status: "dissolved", statusLabel: "Dissolved", closed: true, address: null },
              ],
            });
          }
          return reply(503, { error: "unavailable" });
        })();
        return Promise.resolve(answer);
      });
    });

    const companyNumber = () => within(section("Company")).getByLabelText(/Company number/);
    const status = () => screen.getByTestId("company-lookup-status");
    const billing = () => within(section("Billing entity and address"));

    async function goToBilling() {
      fireEvent.click(screen.getByLabelText(/Group managed solution/));
      await next();
      fillIndividuals();
      await next();
      fillContacts();
      await next();
      expect(heading()).toHaveTextContent("Billing and VAT");
    }

    it("looks a whole company number up once typing pauses, and fills in the name and the registered office as the billing address", async () => {
      renderForm();
      type(companyNumber(), "0941726");
      type(companyNumber(), "0941 7262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED. Its registered office is filled in as the billing address"));
      expect(status()).toHaveAttribute("role", "status");
      // Only the whole number was asked for.
      expect(registerMock.mock.calls.map(([url]) => url)).toEqual(["/api/companies-house/companies/09417262"]);
      expect(within(section("Company")).getByLabelText("Company name")).toHaveValue("HARTWELL HOLDINGS LIMITED");
      await goToBilling();
      expect(billing().getByLabelText(/Billing entity name/)).toHaveValue("HARTWELL HOLDINGS LIMITED");
      expect(billing().getByLabelText("Address line 1")).toHaveValue("14 Albemarle Street");
      expect(billing().getByLabelText("Town or city")).toHaveValue("London");
      expect(billing().getByLabelText(/Postcode/)).toHaveValue("W1S 4HW");
      expect(billing().getByLabelText("Country")).toHaveValue("GB");
    });

    it("never overwrites what the person typed, and replaces what an earlier look-up filled in", async () => {
      renderForm();
      type(within(section("Company")).getByLabelText("Company name"), "Hartwell Group");
      type(companyNumber(), "11820457");
      await waitFor(() => expect(status()).toHaveTextContent("Found CALDER & FINCH CONSULTING LTD"));
      await goToBilling();
      expect(billing().getByLabelText("Address line 2", { exact: false })).toHaveValue("Spinningfields");
      type(billing().getByLabelText("Town or city"), "Salford");
      // Back to the company with another number: what the person typed stays, the earlier look-up's values go.
      for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole("button", { name: "Back" }));
      type(companyNumber(), "09417262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED"));
      expect(within(section("Company")).getByLabelText("Company name")).toHaveValue("Hartwell Group");
      for (let i = 0; i < 3; i++) await next();
      expect(heading()).toHaveTextContent("Billing and VAT");
      expect(billing().getByLabelText(/Billing entity name/)).toHaveValue("HARTWELL HOLDINGS LIMITED");
      expect(billing().getByLabelText("Address line 1")).toHaveValue("14 Albemarle Street");
      expect(billing().getByLabelText("Address line 2", { exact: false })).toHaveValue("");
      expect(billing().getByLabelText("Town or city")).toHaveValue("Salford");
    });

    it("refuses a number the register does not have and a dissolved company, on the field and in the summary", async () => {
      renderForm();
      type(within(section("Company")).getByLabelText("Company name"), "Acme Widgets Ltd");
      fireEvent.click(screen.getByLabelText(/Group managed solution/));
      type(companyNumber(), "01234567");
      const notFound = "Companies House has no company with the number 01234567. Check the number on your company's register entry.";
      await waitFor(() => expect(companyNumber()).toHaveAccessibleDescription(expect.stringContaining(`Error: ${notFound}`)));
      expect(status()).toHaveTextContent(notFound);
      await next();
      expect(heading()).toHaveTextContent("Company and service");
      expect(within(errorSummary()).getAllByRole("link").map((l) => l.textContent)).toEqual([notFound]);
      type(companyNumber(), "08812345");
      await waitFor(() => expect(companyNumber()).toHaveAccessibleDescription(expect.stringContaining("KESTREL & WREN TRADING LIMITED is dissolved: only an active company's people can be verified for it.")));
      await next();
      expect(heading()).toHaveTextContent("Company and service");
      // An active company: the error goes and the form goes on.
      type(companyNumber(), "09417262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED"));
      expect(companyNumber()).not.toHaveAttribute("aria-invalid");
      await next();
      expect(heading()).toHaveTextContent("Individuals");
    });

    it("lets the person type everything when the register is unavailable, and says so", async () => {
      registerMock.mockImplementation(() => Promise.resolve(reply(503, { error: "unavailable" })));
      renderForm();
      fillCompany();
      await waitFor(() => expect(status()).toHaveTextContent("Companies House cannot be reached just now"));
      await next();
      expect(heading()).toHaveTextContent("Individuals");
      expect(within(section("Individuals to verify")).getByText(/add the individuals by hand/)).toBeInTheDocument();
    });

    it("lists the company's people as tick boxes: ticking adds a row with the name, unticking removes it", async () => {
      renderForm();
      type(companyNumber(), "09417262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED"));
      fireEvent.click(screen.getByLabelText(/Group managed solution/));
      await next();
      const people = within(section("Individuals to verify"));
      const james = await people.findByRole("checkbox", { name: "James Edward Whitaker — Director and person with significant control, appointed 3 February 2015" });
      expect(people.getByRole("checkbox", { name: "Daniel Murphy — Person with significant control, since 1 September 2022" })).toBeInTheDocument();
      fireEvent.click(james);
      expect(james).toBeChecked();
      fireEvent.click(people.getByRole("checkbox", { name: /^Priya Sharma/ }));
      // The blank first row gave way: one row per ticked person, named, the email to type.
      expect(people.getAllByLabelText("Full name").map((i) => (i as HTMLInputElement).value)).toEqual(["James Edward Whitaker", "Priya Sharma"]);
      expect(people.getAllByLabelText("Email address").map((i) => (i as HTMLInputElement).value)).toEqual(["", ""]);
      fireEvent.click(james);
      expect(people.getAllByLabelText("Full name").map((i) => (i as HTMLInputElement).value)).toEqual(["Priya Sharma"]);
      // Anyone can still be added by hand; removing a picked row unticks its person.
      fireEvent.click(people.getByRole("button", { name: "Add another individual" }));
      type(people.getAllByLabelText("Full name")[1]!, "Zoe Hand");
      type(people.getAllByLabelText("Email address")[1]!, "zoe@example.com");
      type(people.getAllByLabelText("Email address")[0]!, "priya@example.com");
      fireEvent.click(people.getAllByRole("button", { name: /^Remove/ })[0]!);
      expect(people.getByRole("checkbox", { name: /^Priya Sharma/ })).not.toBeChecked();
      fireEvent.click(people.getByRole("checkbox", { name: /^Priya Sharma/ }));
      type(people.getAllByLabelText("Email address")[1]!, "priya@example.com");

      fetchMock.mockResolvedValue(reply(201, { reference: "AB12CD34", next: "/done" }));
      await next();
      fillContacts();
      await next();
      fillBilling();
      await next();
      await submit();
      await waitFor(() => expect(goTo).toHaveBeenCalledWith("/done"));
      const body = JSON.parse(fetchMock.mock.calls[0][1].body);
      expect(body.company).toEqual({ name: "HARTWELL HOLDINGS LIMITED", companyId: "09417262" });
      expect(body.individuals).toEqual([
        { name: "Zoe Hand", email: "zoe@example.com" },
        { name: "Priya Sharma", email: "priya@example.com", register: { officerId: "ps", role: "director", appointedOn: "2018-09-12", birthMonth: 3, birthYear: 1984 } },
      ]);
    });

    it("allows one tick for the one-off solution: the others are disabled with a note", async () => {
      renderForm();
      type(companyNumber(), "09417262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED"));
      fireEvent.click(screen.getByLabelText(/One-off solution/));
      await next();
      const people = within(section("Individuals to verify"));
      const boxes = await people.findAllByRole("checkbox");
      expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([false, false, false]);
      fireEvent.click(boxes[1]!);
      expect(people.getAllByRole("checkbox").map((b) => (b as HTMLInputElement).disabled)).toEqual([true, false, true]);
      expect(people.getByRole("group", { name: "People of HARTWELL HOLDINGS LIMITED at Companies House" })).toHaveAccessibleDescription(/The one-off solution verifies one individual/);
      expect(people.getAllByLabelText("Full name").map((i) => (i as HTMLInputElement).value)).toEqual(["Priya Sharma"]);
      // Unticking frees the others again, and leaves a blank row to type in.
      fireEvent.click(people.getAllByRole("checkbox")[1]!);
      expect(people.getAllByRole("checkbox").map((b) => (b as HTMLInputElement).disabled)).toEqual([false, false, false]);
      expect(people.getAllByLabelText("Full name").map((i) => (i as HTMLInputElement).value)).toEqual([""]);
      // A person typed by hand is the one individual too.
      type(people.getByLabelText("Full name"), "Zoe Hand");
      expect(people.getAllByRole("checkbox").map((b) => (b as HTMLInputElement).disabled)).toEqual([true, true, true]);
    });

    it("suggests the register's companies as the name is typed; choosing one fills in the name and the number", async () => {
      renderForm();
      const name = within(section("Company")).getByRole("combobox", { name: "Company name" });
      type(name, "h");
      type(name, "hart");
      const option = await screen.findByRole("option", { name: /HARTWELL HOLDINGS LIMITED/ });
      expect(registerMock.mock.calls.map(([url]) => url)).toEqual(["/api/companies-house/search?q=hart"]);
      expect(name).toHaveAttribute("aria-expanded", "true");
      expect(screen.getByRole("option", { name: /HARTWELL TRADING LIMITED/ })).toHaveTextContent("08812345 · Dissolved");
      expect(screen.getByText("2 companies found: use the up and down arrows to choose one")).toBeInTheDocument();
      fireEvent.keyDown(name, { key: "ArrowDown" });
      expect(name).toHaveAttribute("aria-activedescendant", option.id);
      fireEvent.keyDown(name, { key: "Enter" });
      expect(name).toHaveValue("HARTWELL HOLDINGS LIMITED");
      expect(name).toHaveAttribute("aria-expanded", "false");
      expect(companyNumber()).toHaveValue("09417262");
      await waitFor(() => expect(status()).toHaveTextContent("Found HARTWELL HOLDINGS LIMITED"));
    });
  });
});
