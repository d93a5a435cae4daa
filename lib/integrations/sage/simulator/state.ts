import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Records as the simulator keeps them, in Sage's own field names. */
export interface SimContact {
  id: string;
  name: string;
  reference: string;
  contact_type_ids: string[];
  email: string | null;
  tax_number: string | null;
  main_address: Record<string, unknown> | null;
  main_contact_person: Record<string, unknown> | null;
  created_at: string;
}

export interface SimInvoiceLine {
  id: string;
  description: string;
  quantity: number;
  unit_price: number;
  ledger_account_id: string;
  tax_rate_id: string;
  net_pence: number;
  tax_pence: number;
}

export interface SimInvoice {
  id: string;
  invoice_number: string;
  contact_id: string;
  date: string;
  reference: string;
  notes: string | null;
  lines: SimInvoiceLine[];
  created_at: string;
}

export interface SimState {
  contacts: SimContact[];
  invoices: SimInvoice[];
  nextInvoiceNumber: number;
}

export const LEDGER_ACCOUNTS = [
  { id: "9a0b1c2d3e4f40518293a4b5c6d7e8f0", nominal_code: 4000, name: "Sales Type A", ledger_account_type_id: "SALES" },
  { id: "1f2e3d4c5b6a47988776655443322110", nominal_code: 4010, name: "Sales Type B", ledger_account_type_id: "SALES" },
  { id: "5e6f7a8b9c0d41e2f3a4b5c6d7e8f901", nominal_code: 4900, name: "Other income", ledger_account_type_id: "OTHER_INCOME" },
] as const;

/** The UK rates of Sage's tax_rates resource. */
export const TAX_RATES: Record<string, { name: string; percentage: number }> = {
  GB_STANDARD: { name: "Standard 20.00%", percentage: 20 },
  GB_LOWER: { name: "Lower 5.00%", percentage: 5 },
  GB_ZERO: { name: "Zero 0.00%", percentage: 0 },
  GB_EXEMPT: { name: "Exempt 0.00%", percentage: 0 },
  GB_NO_TAX: { name: "No Tax", percentage: 0 },
};

/** A Sage-looking id: 32 hexadecimal characters. */
export const newId = () => crypto.randomBytes(16).toString("hex");

/**
 * The simulator's records, in memory, and in `file` when given (so that `npm start` on the embedded
 * database keeps its invoices, and their numbers, across restarts).
 */
export function loadState(file?: string): SimState & { save(): void } {
  let state: SimState = { contacts: [], invoices: [], nextInvoiceNumber: 1 };
  if (file && fs.existsSync(file)) {
    state = JSON.parse(fs.readFileSync(file, "utf8")) as SimState;
  }
  const saved = state as SimState & { save(): void };
  saved.save = () => {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { contacts, invoices, nextInvoiceNumber } = saved;
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ contacts, invoices, nextInvoiceNumber }));
    fs.renameSync(`${file}.tmp`, file);
  };
  return saved;
}
