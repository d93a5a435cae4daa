import type { Officer, PersonWithSignificantControl } from "@/lib/integrations/companies-house/types";
import {
  billingFillOf,
  companyDisplayName,
  countryCodeOf,
  currentIndividualPscs,
  currentOfficers,
  isClosedCompany,
  lookupFillChanges,
  officeAddressOf,
  registerLinkOf,
  registerPeople,
  roleLabelKey,
  sameRegisterLink,
  statusLabelKey,
  type LookupFill,
} from "./register-people";

function officer(displayName: string, over: Partial<Officer> = {}): Officer {
  const [surname, ...rest] = displayName.split(" ").reverse();
  return {
    name: `${surname!.toUpperCase()}, ${rest.reverse().join(" ")}`,
    displayName,
    forenames: rest.join(" "),
    surname: surname!,
    role: "director",
    corporate: false,
    appointedOn: "2019-03-03",
    resignedOn: null,
    active: true,
    dateOfBirth: { month: 6, year: 1971 },
    nationality: "British",
    occupation: null,
    officerId: `id-${displayName.toLowerCase().replace(/\W+/g, "-")}`,
    ...over,
  };
}

function psc(displayName: string, over: Partial<PersonWithSignificantControl> = {}): PersonWithSignificantControl {
  return {
    kind: "individual-person-with-significant-control",
    corporate: false,
    name: `Mr ${displayName}`,
    displayName,
    nameElements: null,
    notifiedOn: "2016-04-06",
    ceasedOn: null,
    active: true,
    dateOfBirth: { month: 6, year: 1971 },
    naturesOfControl: ["ownership-of-shares-75-to-100-percent"],
    ...over,
  };
}

describe("isClosedCompany", () => {
  it.each([
    ["dissolved", true],
    ["converted-closed", true],
    ["closed", true],
    ["removed", true],
    ["active", false],
    ["liquidation", false],
    ["administration", false],
  ])("%s → %s", (status, closed) => {
    expect(isClosedCompany({ status })).toBe(closed);
  });

  it("a company with a date of cessation is closed whatever its status says", () => {
    expect(isClosedCompany({ status: "active", dateOfCessation: "2024-06-18" })).toBe(true);
    expect(isClosedCompany({ status: null, dateOfCessation: null })).toBe(false);
  });
});

describe("labels", () => {
  it("names register roles and statuses by message keys, never by the register's slugs", () => {
    expect(roleLabelKey("director")).toBe("director");
    expect(roleLabelKey("llp-designated-member")).toBe("llpDesignatedMember");
    expect(roleLabelKey("psc")).toBe("psc");
    expect(roleLabelKey("judicial-factor")).toBe("officer");
    expect(statusLabelKey("voluntary-arrangement")).toBe("voluntaryArrangement");
    expect(statusLabelKey("ACTIVE")).toBe("active");
    expect(statusLabelKey("something-new")).toBe("other");
    expect(statusLabelKey(null)).toBe("other");
  });
});

describe("current officers and PSCs", () => {
  it("leaves out resigned and corporate officers", () => {
    const list = [
      officer("James Edward Whitaker"),
      officer("Mark Ellis", { resignedOn: "2024-11-30", active: false }),
      officer("Albemarle Company Secretaries Limited", { role: "corporate-secretary", corporate: true }),
      officer("Nominee Ltd", { role: "corporate-nominee-director", corporate: false }),
    ];
    expect(currentOfficers(list).map((o) => o.displayName)).toEqual(["James Edward Whitaker"]);
  });

  it("leaves out ceased PSCs, companies, legal persons and super-secure entries", () => {
    const list = [
      psc("James Edward Whitaker"),
      psc("Mark Ellis", { ceasedOn: "2024-11-30", active: false }),
      psc("BRIGHTWATER GROUP HOLDINGS LTD", { kind: "corporate-entity-person-with-significant-control", corporate: true }),
      psc("THE FERNLEIGH EMPLOYEE TRUST", { kind: "legal-person-person-with-significant-control", corporate: true }),
      psc("", { kind: "super-secure-person-with-significant-control" }),
    ];
    expect(currentIndividualPscs(list).map((p) => p.displayName)).toEqual(["James Edward Whitaker"]);
  });
});

describe("registerPeople", () => {
  it("lists officers in the register's order, then PSCs who are not officers, each once", () => {
    const people = registerPeople(
      [officer("James Edward Whitaker"), officer("Priya Sharma", { dateOfBirth: { month: 3, year: 1984 }, appointedOn: "2018-09-12" })],
      [psc("James Edward Whitaker"), psc("Daniel Murphy", { dateOfBirth: { month: 12, year: 1980 }, notifiedOn: "2022-09-01" })],
    );
    expect(people.map((p) => [p.displayName, p.kind, p.roles])).toEqual([
      ["James Edward Whitaker", "officer", ["director", "psc"]],
      ["Priya Sharma", "officer", ["director"]],
      ["Daniel Murphy", "psc", ["psc"]],
    ]);
    expect(people[2]).toMatchObject({ officerId: null, appointedOn: "2022-09-01", birthMonth: 12, birthYear: 1980 });
    expect(new Set(people.map((p) => p.key)).size).toBe(3);
  });

  it("merges an officer and a PSC whose names differ only in case, spacing or apostrophe", () => {
    const people = registerPeople(
      [officer("Fiona Macleod", { dateOfBirth: { month: 11, year: 1980 } }), officer("Siobhan Mary O'Brien", { dateOfBirth: { month: 3, year: 1979 } })],
      [psc("Fiona MacLeod", { dateOfBirth: { month: 11, year: 1980 } }), psc("Siobhan  Mary O’Brien", { dateOfBirth: { month: 3, year: 1979 } })],
    );
    expect(people.map((p) => p.roles)).toEqual([
      ["director", "psc"],
      ["director", "psc"],
    ]);
  });

  it("keeps apart people with the same name but another month or year of birth, or none to compare", () => {
    const people = registerPeople(
      [officer("John Smith", { dateOfBirth: { month: 1, year: 1960 } }), officer("Martin Shaw", { role: "secretary", dateOfBirth: null })],
      [psc("John Smith", { dateOfBirth: { month: 1, year: 1961 } }), psc("Martin Shaw", { dateOfBirth: { month: 2, year: 1950 } })],
    );
    expect(people.map((p) => [p.displayName, p.kind])).toEqual([
      ["John Smith", "officer"],
      ["Martin Shaw", "officer"],
      ["John Smith", "psc"],
      ["Martin Shaw", "psc"],
    ]);
  });

  it("lists two appointments of one officer id once, the office before the secretary's", () => {
    const people = registerPeople(
      [
        officer("Eleanor Marsh", { role: "secretary", appointedOn: "2016-02-01", officerId: "abc" }),
        officer("Eleanor Marsh", { role: "director", appointedOn: "2015-11-09", officerId: "abc" }),
      ],
      [],
    );
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ roles: ["director", "secretary"], appointedOn: "2015-11-09", officerId: "abc" });
  });

  it("lists every current officer of a long register and none of the resigned", () => {
    const officers = Array.from({ length: 120 }, (_, i) =>
      officer(`Person ${String.fromCharCode(65 + (i % 26))}${i} Surname`, { officerId: `o${i}`, ...(i < 92 ? { resignedOn: "2010-01-01", active: false } : {}) }),
    );
    const people = registerPeople(officers, []);
    expect(people).toHaveLength(28);
    expect(people.map((p) => p.officerId)).toEqual(Array.from({ length: 28 }, (_, i) => `o${92 + i}`));
  });
});

describe("register links", () => {
  it("carries the main role and the register's facts, and matches only the same entry", () => {
    const [person] = registerPeople([officer("James Edward Whitaker")], [psc("James Edward Whitaker")]);
    const link = registerLinkOf(person!);
    expect(link).toEqual({ officerId: "id-james-edward-whitaker", role: "director", appointedOn: "2019-03-03", birthMonth: 6, birthYear: 1971 });
    expect(sameRegisterLink(link, { ...link })).toBe(true);
    expect(sameRegisterLink(link, { ...link, role: "psc" })).toBe(false);
    expect(sameRegisterLink(link, undefined)).toBe(false);
    expect(registerLinkOf({ officerId: null, roles: ["psc"], appointedOn: null, birthMonth: null, birthYear: null })).toEqual({ role: "psc" });
  });
});

describe("company names and registered offices", () => {
  it.each([
    ["HARTWELL HOLDINGS LIMITED", "Hartwell Holdings Limited"],
    ["CALDER & FINCH CONSULTING LTD", "Calder & Finch Consulting Ltd"],
    ["BRIGHTWATER LOGISTICS PLC", "Brightwater Logistics PLC"],
    ["MAPLE & STONE ARCHITECTS LLP", "Maple & Stone Architects LLP"],
    ["GREAT NORTHERN RAILWAY HERITAGE TRUST LIMITED", "Great Northern Railway Heritage Trust Limited"],
    ["THE BANK OF ENGLAND NOMINEES (UK) LIMITED", "The Bank of England Nominees (UK) Limited"],
    ["Already Mixed Case Ltd", "Already Mixed Case Ltd"],
    ["3D PRINTING 4U LTD", "3D Printing 4U Ltd"],
  ])("%s → %s", (registered, shown) => {
    expect(companyDisplayName(registered)).toBe(shown);
  });

  it.each([
    ["England", "GB"],
    ["Wales", "GB"],
    ["Scotland", "GB"],
    ["Northern Ireland", "GB"],
    ["United Kingdom", "GB"],
    [" england ", "GB"],
    ["Republic of Ireland", "IE"],
    ["Narnia", ""],
    [null, ""],
  ])("country %s → %s", (country, code) => {
    expect(countryCodeOf(country)).toBe(code);
  });

  it("finds other countries by their English names", () => {
    expect(countryCodeOf("France", [{ value: "FR", label: "France" }])).toBe("FR");
  });

  it("joins a house number to the street with a space and a building's name with a comma", () => {
    const base = { line2: null, locality: "London", region: null, postalCode: "w1s 4hw", country: "England" };
    expect(officeAddressOf({ ...base, premises: "14", line1: "Albemarle Street" })).toEqual({ line1: "14 Albemarle Street", line2: "", city: "London", region: "", postCode: "W1S 4HW", country: "GB" });
    expect(officeAddressOf({ ...base, premises: "Tŷ Glas", line1: "15 Mount Stuart Square", country: "Wales" }).line1).toBe("Tŷ Glas, 15 Mount Stuart Square");
    expect(officeAddressOf({ ...base, premises: "14-16", line1: "High Street" }).line1).toBe("14-16 High Street");
    expect(officeAddressOf({ ...base, premises: null, line1: "The Old Goods Shed", line2: "Station Road" })).toMatchObject({ line1: "The Old Goods Shed", line2: "Station Road" });
  });

  it("moves the second line up when the first line or the town is missing", () => {
    const base = { premises: null, region: "County Fermanagh", postalCode: "BT74 6AB", country: "Northern Ireland" };
    expect(officeAddressOf({ ...base, line1: null, line2: "Quay Road", locality: "Enniskillen" })).toMatchObject({ line1: "Quay Road", line2: "", city: "Enniskillen", region: "County Fermanagh" });
    expect(officeAddressOf({ ...base, line1: "Quay Road", line2: "Enniskillen", locality: null })).toMatchObject({ line1: "Quay Road", line2: "", city: "Enniskillen" });
  });
});

describe("lookupFillChanges", () => {
  const hartwell = billingFillOf({ name: "HARTWELL HOLDINGS LIMITED", registeredOffice: { line1: "14 Albemarle Street", line2: "", city: "London", region: "", postCode: "W1S 4HW", country: "GB" } });
  const calder = billingFillOf({ name: "CALDER & FINCH CONSULTING LTD", registeredOffice: { line1: "3 Hardman Square", line2: "Spinningfields", city: "Manchester", region: "", postCode: "M3 3EB", country: "GB" } });
  const empty: Partial<LookupFill> = { billingEntityName: "", billingAddressLine1: "", billingAddressLine2: "", billingAddressCity: "", billingAddressState: "", billingAddressPostCode: "", billingAddressCountry: "GB" };

  it("fills the empty fields of a fresh form", () => {
    expect(lookupFillChanges(empty, null, hartwell, { billingAddressCountry: "GB" })).toEqual({
      billingEntityName: "HARTWELL HOLDINGS LIMITED",
      billingAddressLine1: "14 Albemarle Street",
      billingAddressCity: "London",
      billingAddressPostCode: "W1S 4HW",
    });
  });

  it("never overwrites what the person typed", () => {
    const typed = { ...empty, billingEntityName: "Hartwell Group Finance", billingAddressCity: "Londres" };
    expect(lookupFillChanges(typed, null, hartwell)).toEqual({ billingAddressLine1: "14 Albemarle Street", billingAddressPostCode: "W1S 4HW" });
  });

  it("replaces the previous look-up's values, including one the new company has none for", () => {
    const afterCalder = { ...empty, ...calder };
    expect(lookupFillChanges(afterCalder, calder, hartwell)).toEqual({
      billingEntityName: "HARTWELL HOLDINGS LIMITED",
      billingAddressLine1: "14 Albemarle Street",
      billingAddressLine2: "",
      billingAddressCity: "London",
      billingAddressPostCode: "W1S 4HW",
    });
    // ... but not a field the person changed after that look-up.
    expect(lookupFillChanges({ ...afterCalder, billingAddressLine2: "Floor 2" }, calder, hartwell)).not.toHaveProperty("billingAddressLine2");
  });

  it("keeps the form's country when the register's words name none, and a country the person chose", () => {
    expect(lookupFillChanges(empty, null, { ...hartwell, billingAddressCountry: "" })).not.toHaveProperty("billingAddressCountry");
    expect(lookupFillChanges({ ...empty, billingAddressCountry: "FR" }, null, { ...hartwell, billingAddressCountry: "IE" }, { billingAddressCountry: "GB" })).not.toHaveProperty("billingAddressCountry");
    expect(lookupFillChanges(empty, null, { ...hartwell, billingAddressCountry: "IE" }, { billingAddressCountry: "GB" })).toMatchObject({ billingAddressCountry: "IE" });
  });
});
