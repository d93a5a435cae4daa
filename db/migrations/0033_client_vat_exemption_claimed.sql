-- A VAT exemption declared on a public request is only a claim: VAT is charged until staff confirm
-- it (by setting vat_exempt on the client), so a self-declared exemption never lowers a card charge
-- or an invoice on its own.
ALTER TABLE "clients" ADD COLUMN "vat_exemption_claimed" boolean DEFAULT false NOT NULL;
