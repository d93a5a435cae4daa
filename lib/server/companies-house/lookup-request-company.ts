import "server-only";
import { getDb } from "@/db";
import { normaliseCompanyNumber } from "@/lib/domain/company-number";
import { isClosedCompany } from "@/lib/domain/register-people";
import { getEnv, type Env } from "@/lib/env";
import type { CompaniesHouseClient, CompanyProfile } from "@/lib/integrations/companies-house";
import { createCompaniesHouseAdapter } from "@/lib/integrations/companies-house/companies-house-adapter";
import { CompaniesHouseError } from "@/lib/integrations/companies-house/errors";
import { budgetKey, databaseRateBudget } from "@/lib/integrations/companies-house/rate-budget";
import { databaseResponseCache } from "@/lib/integrations/companies-house/response-cache";
import { AppError } from "@/lib/server/app-error";

/**
 * The Companies House client of the request's check: the process's configuration, budget and cache
 * (as getCompaniesHouse()), but it asks once, without retries, and waits at most two seconds for the
 * key's budget: a request is accepted as before when the register does not answer at once, rather
 * than kept waiting for seconds of backoff.
 */
let quick: { env: Env; client: CompaniesHouseClient } | undefined;
function quickClient(): CompaniesHouseClient {
  const env = getEnv();
  if (quick?.env !== env) {
    const { apiUrl, apiKey, cacheSeconds, rateLimit, rateWindowSeconds } = env.companiesHouse;
    const client = createCompaniesHouseAdapter(
      { apiUrl, apiKey, cacheSeconds, maxWaitMs: 2000, retries: 0, timeoutMs: 5000 },
      {
        budget: databaseRateBudget({ db: getDb, key: budgetKey(apiUrl, apiKey), limit: rateLimit, windowSeconds: rateWindowSeconds }),
        cache: databaseResponseCache({ db: getDb }),
      },
    );
    quick = { env, client };
  }
  return quick.client;
}

/**
 * Refuses an onboarding request for a company the register does not have, or has dissolved or
 * closed: a 400 on `company.companyId` (`companyNotOnRegister`, `companyClosed`), as the form's own
 * look-up refused it. The register's answer is usually in the portal's cache from that look-up.
 * When the register cannot answer (down, slow, out of budget), the request is accepted as it was
 * before the look-up existed, and the company number stays for staff to check.
 */
export async function assertRequestCompanyOnRegister({ companyNumber }: { companyNumber: string }): Promise<void> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number) return;
  let profile: CompanyProfile | null;
  try {
    profile = await quickClient().getCompanyProfile(number);
  } catch (err) {
    if (err instanceof CompaniesHouseError) return;
    throw err;
  }
  if (!profile) throw new AppError("bad_request", "validation", { fields: { "company.companyId": ["companyNotOnRegister"] } });
  if (isClosedCompany(profile)) throw new AppError("bad_request", "validation", { fields: { "company.companyId": ["companyClosed"] } });
}
