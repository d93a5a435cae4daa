import type { ReactNode } from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { DirectorStatus } from "@/lib/domain/values";
import type { RegisterCheckView, RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { Alert } from "@/components/ui/alert";
import { DescriptionList } from "@/components/ui/description-list";

/** The message key of each outcome (clientDetail.register.outcomes.*). */
export const OUTCOME_KEYS = { matched: "matched", mismatch: "mismatch", not_on_register: "notOnRegister", register_unavailable: "registerUnavailable" } as const;

/** Register roles with words of their own (clientDetail.register.roles.*); others are shown in plain words. */
const ROLE_KEYS: Record<string, string> = {
  director: "director",
  secretary: "secretary",
  psc: "psc",
  "llp-member": "llpMember",
  "llp-designated-member": "llpDesignatedMember",
  "nominee-director": "nomineeDirector",
};

/**
 * An individual's Companies House register findings, for staff (the client page's individual panel
 * and the evidence pack): the latest register check with both sides' values (what the identity
 * check read and what the register has), the outcome, how a finding was resolved; whether a check
 * is on its way; the record they were verified through; and the same person's records at other
 * clients ("Also a director of Northgate Property Services Ltd — verified 3 March 2026").
 * `actions` (the client page's buttons) goes where a finding asks staff to act.
 */
export function RegisterFindingsView({ findings, headingLevel = 4, actions, linkOtherClients = true }: { findings: RegisterFindings | undefined; headingLevel?: 2 | 4; actions?: ReactNode; linkOtherClients?: boolean }) {
  const t = useTranslations("clientDetail.register");
  const ts = useTranslations("statuses.director");
  const format = useFormatter();
  const Heading = headingLevel === 2 ? "h2" : "h4";
  const Sub = headingLevel === 2 ? "h3" : "h5";
  const headingClass = headingLevel === 2 ? "mb-2 text-lg font-semibold" : "mb-2 text-lg font-bold";
  const day = (d: Date | string) => format.dateTime(new Date(d), { dateStyle: "long" });
  const isoDay = (d: string) => format.dateTime(new Date(`${d}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
  const latest = findings?.latest ?? null;
  const others = findings?.otherRecords ?? [];
  const through = findings?.verifiedThrough ?? null;
  const clientLink = (clientId: number, name: string) =>
    linkOtherClients ? (
      <Link href={`/administration/client-management/${clientId}`} className="text-navy-700 underline">
        {name}
      </Link>
    ) : (
      name
    );

  return (
    <section className="min-w-0" data-testid="register-findings">
      <Heading className={headingClass}>{t("title")}</Heading>
      <div className="flex flex-col gap-3">
        {through ? (
          <p data-testid="verified-through">
            {t.rich("verifiedThrough", { client: () => clientLink(through.clientId, through.clientName), clientName: through.clientName, date: day(through.at) })}
          </p>
        ) : null}
        {findings?.pending ? <p data-testid="register-pending">{t("pending")}</p> : null}
        {latest ? <CheckDetails check={latest} day={day} isoDay={isoDay} /> : !findings?.pending ? <p>{t("none")}</p> : null}
        {latest?.open ? (
          <Alert variant="warning" role="none" title={t("openTitle")}>
            <p>{t(`openBody.${OUTCOME_KEYS[latest.outcome]}`)}</p>
          </Alert>
        ) : null}
        {latest?.resolvedAt ? (
          <p data-testid="register-resolved">{t("resolved", { who: latest.resolvedBy ?? "", when: day(latest.resolvedAt), reason: latest.resolutionReason ?? "" })}</p>
        ) : null}
        {actions}

        <Sub className="mt-2 font-semibold">{t("otherRecords")}</Sub>
        {others.length ? (
          <ul className="list-disc pl-6" data-testid="other-records">
            {others.map((o) => (
              <li key={o.directorId}>
                {o.verifiedAt
                  ? t.rich("alsoVerified", { client: () => clientLink(o.clientId, o.clientName), clientName: o.clientName, date: day(o.verifiedAt) })
                  : t.rich("alsoNotVerified", { client: () => clientLink(o.clientId, o.clientName), clientName: o.clientName, status: ts(o.status as DirectorStatus) })}
                <span className="text-sm text-ink-muted"> ({t(o.matchedBy === "officerId" ? "byOfficerId" : "byNameAndBirth")})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("noOtherRecords")}</p>
        )}
      </div>
    </section>
  );
}

function CheckDetails({ check, day, isoDay }: { check: RegisterCheckView; day: (d: Date | string) => string; isoDay: (d: string) => string }) {
  const t = useTranslations("clientDetail.register");
  const format = useFormatter();
  const birth = (month: number | null, year: number | null) =>
    month && year ? format.dateTime(new Date(Date.UTC(year, month - 1, 15)), { month: "long", year: "numeric", timeZone: "UTC" }) : t("notKnown");
  const role = (r: string | null) => {
    if (!r) return t("notKnown");
    const key = ROLE_KEYS[r];
    return key ? t(`roles.${key}` as "roles.director") : r.replace(/-/g, " ");
  };
  const found = check.registerName !== null;
  return (
    <>
      <p className="font-semibold" data-testid="register-outcome" data-outcome={check.outcome}>
        {t(`outcomes.${OUTCOME_KEYS[check.outcome]}`)}
      </p>
      <DescriptionList
        items={[
          { label: t("checkedAt"), value: day(check.checkedAt) },
          { label: t("companyNumber"), value: check.companyNumber ?? t("noCompanyNumber") },
          { label: t("verifiedName"), value: <>{check.verifiedName ?? t("notKnown")}{check.verifiedFrom === "details" ? <span className="text-sm text-ink-muted"> ({t("fromDetails")})</span> : null}</> },
          { label: t("verifiedBirth"), value: birth(check.verifiedBirthMonth, check.verifiedBirthYear) },
          found && { label: t("registerName"), value: check.registerName },
          found && { label: t("registerBirth"), value: birth(check.registerBirthMonth, check.registerBirthYear) },
          found && {
            label: t("registerRole"),
            value: (
              <>
                {role(check.registerRole)}
                {check.registerAppointedOn ? `, ${t("since", { date: isoDay(check.registerAppointedOn) })}` : ""}
                {check.registerActive === false ? <span className="text-sm text-ink-muted"> ({t("notServing")})</span> : null}
              </>
            ),
          },
          found && check.nameResult ? { label: t("nameResult"), value: t(check.nameResult === "match" ? "results.same" : "results.different") } : null,
          found && check.birthResult
            ? { label: t("birthResult"), value: t(check.birthResult === "match" ? "results.same" : check.birthResult === "mismatch" ? "results.different" : "results.notCompared") }
            : null,
          check.outcome === "register_unavailable" && { label: t("attempts"), value: String(check.attempts) },
        ]}
      />
    </>
  );
}
