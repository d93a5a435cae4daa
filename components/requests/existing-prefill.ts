import { CONTACT_AND_BILLING_FIELDS } from "@/lib/domain/billing-fields";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";

/** The form's own text fields that an existing customer's record fills in when it has them. */
const TEXT_FIELDS = CONTACT_AND_BILLING_FIELDS satisfies readonly (keyof OnboardingRequestInput)[];

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * The form values an existing customer's record (the provider's new client record, from
 * POST /api/lwdb-record) prefills: company, contacts, billing, VAT, purchase-order information,
 * service option and the individuals of its director import. Anything missing or of the wrong type
 * is left as the visitor typed it; the journey is never taken from the record (the page's own).
 */
export function prefillFromRecord(record: unknown, current: OnboardingRequestInput): OnboardingRequestInput {
  if (!record || typeof record !== "object") return current;
  const r = record as Record<string, unknown>;
  const next: OnboardingRequestInput = { ...current, company: { ...current.company } };
  for (const field of TEXT_FIELDS) {
    const value = text(r[field]);
    if (value !== undefined) next[field] = value;
  }
  const name = text(r.name);
  if (name) next.company.name = name;
  const companyId = text(r.companyId);
  if (companyId) next.company.companyId = companyId;
  if (r.productTier === "OneOff" || r.productTier === "Managed") next.productTier = r.productTier;
  if (typeof r.vatExempt === "boolean") next.vatExempt = r.vatExempt;

  const imported = r.directorImport;
  const infos = Array.isArray(imported) ? imported : imported && typeof imported === "object" ? (imported as { directorInfos?: unknown }).directorInfos : undefined;
  if (Array.isArray(infos)) {
    const individuals = infos
      .filter((info): info is Record<string, unknown> => !!info && typeof info === "object" && info.validationError !== true)
      .map((info) => ({ name: text(info.name) ?? "", email: text(info.email) ?? "" }))
      .filter((row) => row.name !== "" || row.email !== "");
    if (individuals.length > 0) next.individuals = individuals;
  }
  return next;
}
