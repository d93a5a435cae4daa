// The simulator's register: thirteen fictional companies, in the API's own JSON shapes. The six
// companies of the demo data (db/seed/demo.ts) and the two existing customers (db/seed/lwdb-demo.ts)
// are here under their company numbers, with the demo's individuals as their officers, so the demo
// finds them. Between them the companies cover: active, dissolved and in liquidation; a plc, an LLP,
// guarantee companies, Scottish and Northern Irish ones; resigned officers; corporate officers;
// ceased PSCs and corporate PSCs; a company with 120 officers (paging); one person (Siobhan O'Brien)
// who is an officer of three companies, under one officer id; a confirmation statement overdue.
//
// Dates of filings due are relative to `today`, so the demo never goes stale.
import crypto from "node:crypto";

type Address = { premises?: string; address_line_1: string; address_line_2?: string; locality: string; region?: string; postal_code: string; country: string };

interface SeedOfficer {
  name: string;
  role: string;
  appointed: string;
  resigned?: string;
  dob?: [month: number, year: number];
  nationality?: string;
  occupation?: string;
  residence?: string;
  /** The same person in several companies: one officer id. Default: this appointment's own. */
  person?: string;
  /** A corporate officer's registration. */
  registrationNumber?: string;
}

interface SeedPsc {
  kind: "individual" | "corporate" | "legal-person";
  name: string;
  elements?: { title?: string; forename?: string; middle_name?: string; surname: string };
  notified: string;
  ceased?: string;
  dob?: [month: number, year: number];
  nationality?: string;
  natures: string[];
  registrationNumber?: string;
  legalForm?: string;
}

interface SeedCompany {
  number: string;
  name: string;
  status: string;
  type: string;
  jurisdiction: string;
  created: string;
  ceased?: string;
  address: Address;
  sic: string[];
  /** Days from today to the next confirmation statement's due date (negative: overdue); none once dissolved. */
  confirmationDueInDays?: number;
  accountsDueInDays?: number;
  insolvency?: boolean;
  officers: SeedOfficer[];
  pscs: SeedPsc[];
}

const E = "England";
const SHARES_75 = ["ownership-of-shares-75-to-100-percent", "voting-rights-75-to-100-percent", "right-to-appoint-and-remove-directors"];
const SHARES_50 = ["ownership-of-shares-50-to-75-percent", "voting-rights-50-to-75-percent"];
const SHARES_25 = ["ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"];
const LLP_25 = ["right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership", "voting-rights-25-to-50-percent-limited-liability-partnership"];

const O_BRIEN = "siobhan-mary-obrien-1979";
const ALBEMARLE = "albemarle-company-secretaries";

/** A director of the heritage trust: 120 of them over twenty years, most long resigned. */
function trustOfficers(): SeedOfficer[] {
  const surnames = ["ATKINSON", "BARRACLOUGH", "CROWTHER", "DOBSON", "ELLWOOD", "FAIRBURN", "GREENWOOD", "HEPWORTH", "ILLINGWORTH", "JOWETT", "KILBURN", "LOFTHOUSE", "MOXON", "NORCLIFFE", "OLDROYD", "PICKERSGILL", "QUARMBY", "RHODES-BARKER", "SUTCLIFFE", "THWAITE", "UTLEY", "VARLEY", "WADSWORTH", "YEADON"];
  const forenames = ["Margaret Ann", "Geoffrey", "Pauline", "Derek John", "Susan", "Keith", "Janet Mary", "Malcolm", "Christine", "Brian Arthur", "Helen", "Trevor", "Gillian", "Colin", "Anne-Marie", "Stuart Neil", "Lesley", "Raymond", "Wendy", "Graham", "Dorothy", "Neville", "Kathleen", "Barry"];
  const officers: SeedOfficer[] = [];
  const start = Date.UTC(2004, 4, 10);
  for (let i = 0; i < 120; i++) {
    const appointed = new Date(start + i * 58 * 86_400_000);
    // The first 92 served about three years each; the last 28 serve still.
    const resigned = i < 92 ? new Date(appointed.getTime() + (3 * 365 + (i % 5) * 30) * 86_400_000) : undefined;
    officers.push({
      name: `${surnames[i % surnames.length]}, ${forenames[(i * 7 + Math.floor(i / surnames.length)) % forenames.length]}`,
      role: i % 17 === 3 ? "secretary" : "director",
      appointed: appointed.toISOString().slice(0, 10),
      resigned: resigned?.toISOString().slice(0, 10),
      dob: [1 + (i % 12), 1940 + (i % 35)],
      nationality: "British",
      occupation: i % 3 === 0 ? "Retired" : i % 3 === 1 ? "Railway Engineer" : "Volunteer",
    });
  }
  return officers;
}

export const seedCompanies: readonly SeedCompany[] = [
  {
    number: "09417262",
    name: "HARTWELL HOLDINGS LIMITED",
    status: "active",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2015-02-03",
    address: { premises: "14", address_line_1: "Albemarle Street", locality: "London", postal_code: "W1S 4HW", country: E },
    sic: ["64209"],
    confirmationDueInDays: 42,
    accountsDueInDays: 160,
    officers: [
      { name: "WHITAKER, James Edward", role: "director", appointed: "2015-02-03", dob: [6, 1971], nationality: "British", occupation: "Company Director" },
      { name: "SHARMA, Priya", role: "director", appointed: "2018-09-12", dob: [3, 1984], nationality: "British", occupation: "Finance Director" },
      { name: "HUGHES, Thomas Owen", role: "director", appointed: "2016-05-01", dob: [11, 1968], nationality: "Welsh", occupation: "Chartered Accountant", residence: "Wales" },
      { name: "CLARKE, Eleanor Grace", role: "director", appointed: "2020-01-15", dob: [8, 1979], nationality: "British", occupation: "Solicitor" },
      { name: "RAHMAN, Mohammed", role: "director", appointed: "2017-03-20", dob: [2, 1975], nationality: "British", occupation: "Property Developer" },
      { name: "TURNER, Sophie", role: "director", appointed: "2021-06-01", dob: [4, 1988], nationality: "British", occupation: "Operations Director" },
      { name: "ELLIS, Mark", role: "director", appointed: "2015-02-03", resigned: "2024-11-30", dob: [9, 1966], nationality: "British", occupation: "Company Director" },
      { name: "ALBEMARLE COMPANY SECRETARIES LIMITED", role: "corporate-secretary", appointed: "2015-02-03", person: ALBEMARLE, registrationNumber: "05550123" },
    ],
    pscs: [
      { kind: "individual", name: "Mr James Edward Whitaker", elements: { title: "Mr", forename: "James", middle_name: "Edward", surname: "Whitaker" }, notified: "2016-04-06", dob: [6, 1971], nationality: "British", natures: SHARES_50 },
      { kind: "individual", name: "Mr Mark Ellis", elements: { title: "Mr", forename: "Mark", surname: "Ellis" }, notified: "2016-04-06", ceased: "2024-11-30", dob: [9, 1966], nationality: "British", natures: SHARES_25 },
    ],
  },
  {
    number: "11820457",
    name: "CALDER & FINCH CONSULTING LTD",
    status: "active",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2019-02-14",
    address: { premises: "3", address_line_1: "Hardman Square", address_line_2: "Spinningfields", locality: "Manchester", postal_code: "M3 3EB", country: E },
    sic: ["70229"],
    confirmationDueInDays: 120,
    accountsDueInDays: 250,
    officers: [
      { name: "CALDER, Grace Elizabeth", role: "director", appointed: "2019-02-14", dob: [7, 1982], nationality: "British", occupation: "Management Consultant" },
      { name: "MURPHY, Daniel Patrick", role: "director", appointed: "2019-02-14", dob: [12, 1980], nationality: "Irish", occupation: "Management Consultant" },
      { name: "FINCH, Robert", role: "director", appointed: "2019-02-14", resigned: "2022-08-31", dob: [1, 1977], nationality: "British", occupation: "Consultant" },
    ],
    pscs: [
      { kind: "individual", name: "Ms Grace Elizabeth Calder", elements: { title: "Ms", forename: "Grace", middle_name: "Elizabeth", surname: "Calder" }, notified: "2019-02-14", dob: [7, 1982], nationality: "British", natures: SHARES_50 },
      { kind: "individual", name: "Mr Robert Finch", elements: { title: "Mr", forename: "Robert", surname: "Finch" }, notified: "2019-02-14", ceased: "2022-08-31", dob: [1, 1977], nationality: "British", natures: SHARES_25 },
      { kind: "individual", name: "Mr Daniel Patrick Murphy", elements: { title: "Mr", forename: "Daniel", middle_name: "Patrick", surname: "Murphy" }, notified: "2022-09-01", dob: [12, 1980], nationality: "Irish", natures: SHARES_25 },
    ],
  },
  {
    number: "04682913",
    name: "BRIGHTWATER LOGISTICS PLC",
    status: "active",
    type: "plc",
    jurisdiction: "england-wales",
    created: "2003-02-27",
    address: { premises: "Unit 7", address_line_1: "Avonmouth Way", locality: "Bristol", postal_code: "BS11 9YA", country: E },
    sic: ["52290", "49410"],
    confirmationDueInDays: 75,
    accountsDueInDays: 90,
    officers: [
      { name: "LLOYD, Rebecca Anne", role: "director", appointed: "2012-04-02", dob: [5, 1973], nationality: "British", occupation: "Chief Executive" },
      { name: "EVANS, Gareth Rhys", role: "director", appointed: "2014-10-01", dob: [10, 1970], nationality: "Welsh", occupation: "Director", residence: "Wales" },
      { name: "OKAFOR, Aisha Ngozi", role: "director", appointed: "2019-06-17", dob: [1, 1986], nationality: "British", occupation: "Finance Director" },
      { name: "FRASER, Callum James", role: "director", appointed: "2021-03-01", dob: [3, 1982], nationality: "British", occupation: "Operations Director" },
      { name: "PRICE, Hannah Louise", role: "director", appointed: "2016-01-11", dob: [9, 1981], nationality: "British", occupation: "Commercial Director" },
      { name: "SHAW, Martin", role: "secretary", appointed: "2010-07-01" },
      { name: "BRIGHTWATER GROUP HOLDINGS LTD", role: "corporate-director", appointed: "2013-12-20", registrationNumber: "08855201" },
      { name: "HARGREAVES, Nigel", role: "director", appointed: "2003-02-27", resigned: "2016-01-10", dob: [2, 1955], nationality: "British", occupation: "Haulier" },
    ],
    pscs: [
      { kind: "corporate", name: "BRIGHTWATER GROUP HOLDINGS LTD", notified: "2016-04-06", natures: SHARES_75, registrationNumber: "08855201", legalForm: "Private Limited Company" },
    ],
  },
  {
    number: "13579246",
    name: "NORTHGATE PROPERTY SERVICES LTD",
    status: "active",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2021-08-02",
    address: { premises: "12", address_line_1: "Park Square East", locality: "Leeds", postal_code: "LS1 2NE", country: E },
    sic: ["68320"],
    confirmationDueInDays: 10,
    accountsDueInDays: 200,
    officers: [
      { name: "FIELDING, Nathan", role: "director", appointed: "2021-08-02", dob: [2, 1985], nationality: "British", occupation: "Letting Agent" },
      { name: "HOLLOWAY, Kate", role: "director", appointed: "2022-01-10", dob: [6, 1990], nationality: "British", occupation: "Property Manager" },
      { name: "O'BRIEN, Siobhan Mary", role: "director", appointed: "2021-08-02", dob: [3, 1979], nationality: "Irish", occupation: "Company Director", person: O_BRIEN },
    ],
    pscs: [
      { kind: "individual", name: "Mr Nathan Fielding", elements: { title: "Mr", forename: "Nathan", surname: "Fielding" }, notified: "2021-08-02", dob: [2, 1985], nationality: "British", natures: SHARES_50 },
      { kind: "individual", name: "Ms Siobhan Mary O'Brien", elements: { title: "Ms", forename: "Siobhan", middle_name: "Mary", surname: "O'Brien" }, notified: "2021-08-02", dob: [3, 1979], nationality: "Irish", natures: SHARES_25 },
    ],
  },
  {
    number: "OC428817",
    name: "MAPLE & STONE ARCHITECTS LLP",
    status: "active",
    type: "llp",
    jurisdiction: "england-wales",
    created: "2019-09-10",
    address: { premises: "Tŷ Glas", address_line_1: "15 Mount Stuart Square", locality: "Cardiff", postal_code: "CF10 5EE", country: "Wales" },
    sic: ["71111"],
    confirmationDueInDays: 200,
    accountsDueInDays: 120,
    officers: [
      { name: "ASHWORTH, Benjamin", role: "llp-designated-member", appointed: "2019-09-10", dob: [4, 1976], residence: "Wales" },
      { name: "GRANT, Oliver", role: "llp-designated-member", appointed: "2019-09-10", dob: [10, 1983], residence: "Wales" },
      { name: "DAVIES, Chloe Megan", role: "llp-member", appointed: "2021-04-06", dob: [7, 1990], residence: "Wales" },
      { name: "STONE, Rhiannon", role: "llp-member", appointed: "2019-09-10", resigned: "2023-03-31", dob: [1, 1972], residence: "Wales" },
      { name: "MAPLE & STONE NOMINEES LIMITED", role: "corporate-llp-member", appointed: "2019-09-10", registrationNumber: "12187720" },
    ],
    pscs: [
      { kind: "individual", name: "Mr Benjamin Ashworth", elements: { title: "Mr", forename: "Benjamin", surname: "Ashworth" }, notified: "2019-09-10", dob: [4, 1976], nationality: "British", natures: LLP_25 },
      { kind: "individual", name: "Mr Oliver Grant", elements: { title: "Mr", forename: "Oliver", surname: "Grant" }, notified: "2019-09-10", dob: [10, 1983], nationality: "British", natures: LLP_25 },
      { kind: "individual", name: "Mrs Rhiannon Stone", elements: { title: "Mrs", forename: "Rhiannon", surname: "Stone" }, notified: "2019-09-10", ceased: "2023-03-31", dob: [1, 1972], nationality: "Welsh", natures: LLP_25 },
    ],
  },
  {
    number: "SC611204",
    name: "THISTLE BAY DISTILLERS LTD",
    status: "active",
    type: "ltd",
    jurisdiction: "scotland",
    created: "2018-10-22",
    address: { premises: "7", address_line_1: "Bernard Street", address_line_2: "Leith", locality: "Edinburgh", postal_code: "EH6 6PW", country: "Scotland" },
    sic: ["11010"],
    confirmationDueInDays: -12,
    accountsDueInDays: 45,
    officers: [
      { name: "MACLEOD, Fiona", role: "director", appointed: "2018-10-22", dob: [11, 1980], nationality: "Scottish", occupation: "Distiller", residence: "Scotland" },
      { name: "STEWART, Ewan Alasdair", role: "director", appointed: "2018-10-22", dob: [5, 1978], nationality: "Scottish", occupation: "Director", residence: "Scotland" },
      { name: "CAMPBELL, Isla", role: "secretary", appointed: "2019-01-07" },
      { name: "MCDONALD, Hamish", role: "director", appointed: "2018-10-22", resigned: "2021-01-31", dob: [8, 1960], nationality: "Scottish", occupation: "Cooper", residence: "Scotland" },
    ],
    pscs: [
      { kind: "individual", name: "Ms Fiona MacLeod", elements: { title: "Ms", forename: "Fiona", surname: "MacLeod" }, notified: "2018-10-22", dob: [11, 1980], nationality: "Scottish", natures: SHARES_50 },
      { kind: "individual", name: "Mr Hamish McDonald", elements: { title: "Mr", forename: "Hamish", surname: "McDonald" }, notified: "2018-10-22", ceased: "2021-01-31", dob: [8, 1960], nationality: "Scottish", natures: SHARES_25 },
    ],
  },
  {
    number: "09876543",
    name: "ASHCOMBE ENGINEERING LTD",
    status: "active",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2015-11-09",
    address: { premises: "Unit 4", address_line_1: "Riverside Trading Estate", address_line_2: "Mill Lane", locality: "Bristol", postal_code: "BS1 6XX", country: E },
    sic: ["25620"],
    confirmationDueInDays: 64,
    accountsDueInDays: 180,
    officers: [
      { name: "MARSH, Eleanor", role: "director", appointed: "2015-11-09", dob: [3, 1974], nationality: "British", occupation: "Engineer" },
      { name: "COLE, Martin", role: "secretary", appointed: "2016-02-01" },
      { name: "SMITH-JONES, Anna-Louise", role: "director", appointed: "2019-05-13", dob: [9, 1987], nationality: "British", occupation: "Engineer" },
    ],
    pscs: [{ kind: "individual", name: "Mrs Eleanor Marsh", elements: { title: "Mrs", forename: "Eleanor", surname: "Marsh" }, notified: "2016-04-06", dob: [3, 1974], nationality: "British", natures: SHARES_75 }],
  },
  {
    number: "SC612345",
    name: "PENROSE CHARITABLE TRUST",
    status: "active",
    type: "private-limited-guarant-nsc",
    jurisdiction: "scotland",
    created: "2018-11-01",
    address: { premises: "12", address_line_1: "Abbey Mount", locality: "Edinburgh", postal_code: "EH8 8XX", country: "Scotland" },
    sic: ["88990"],
    confirmationDueInDays: 150,
    accountsDueInDays: 230,
    officers: [
      { name: "ELLIS, Grace", role: "director", appointed: "2018-11-01", dob: [12, 1969], nationality: "British", occupation: "Charity Director", residence: "Scotland" },
      { name: "DE VILLIERS, Anna", role: "director", appointed: "2020-03-02", dob: [6, 1982], nationality: "South African", occupation: "Trustee", residence: "Scotland" },
      { name: "ALBEMARLE COMPANY SECRETARIES LIMITED", role: "corporate-secretary", appointed: "2018-11-01", person: ALBEMARLE, registrationNumber: "05550123" },
    ],
    pscs: [],
  },
  {
    number: "08812345",
    name: "KESTREL & WREN TRADING LIMITED",
    status: "dissolved",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2013-12-12",
    ceased: "2024-06-18",
    address: { premises: "27", address_line_1: "Wharf Street", locality: "Leicester", postal_code: "LE1 2AE", country: E },
    sic: ["46190"],
    officers: [
      { name: "WREN, Alistair", role: "director", appointed: "2013-12-12", dob: [5, 1964], nationality: "British", occupation: "Trader" },
      { name: "O'BRIEN, Siobhan Mary", role: "director", appointed: "2013-12-12", resigned: "2019-04-30", dob: [3, 1979], nationality: "Irish", occupation: "Company Director", person: O_BRIEN },
    ],
    pscs: [{ kind: "individual", name: "Mr Alistair Wren", elements: { title: "Mr", forename: "Alistair", surname: "Wren" }, notified: "2016-04-06", dob: [5, 1964], nationality: "British", natures: SHARES_75 }],
  },
  {
    number: "10984562",
    name: "FERNLEIGH DIGITAL LTD",
    status: "active",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2017-09-25",
    address: { premises: "5", address_line_1: "Canal Wharf", locality: "Bath", postal_code: "BA2 4EF", country: E },
    sic: ["62012"],
    confirmationDueInDays: 30,
    accountsDueInDays: 100,
    officers: [
      { name: "O'BRIEN, Siobhan Mary", role: "director", appointed: "2020-02-01", dob: [3, 1979], nationality: "Irish", occupation: "Company Director", person: O_BRIEN },
      { name: "PATEL, Ravi", role: "director", appointed: "2017-09-25", resigned: "2022-05-01", dob: [10, 1983], nationality: "British", occupation: "Software Developer" },
      { name: "VAN DER BERG, Pieter", role: "director", appointed: "2022-05-01", dob: [2, 1979], nationality: "Dutch", occupation: "Software Developer" },
      { name: "FERNLEIGH NOMINEES LIMITED", role: "corporate-secretary", appointed: "2017-09-25", resigned: "2020-02-01", registrationNumber: "10984001" },
    ],
    pscs: [
      { kind: "individual", name: "Mr Ravi Patel", elements: { title: "Mr", forename: "Ravi", surname: "Patel" }, notified: "2017-09-25", ceased: "2022-05-01", dob: [10, 1983], nationality: "British", natures: SHARES_75 },
      { kind: "corporate", name: "KESTREL & WREN TRADING LIMITED", notified: "2018-03-01", ceased: "2020-02-01", natures: SHARES_25, registrationNumber: "08812345", legalForm: "Private Limited Company" },
      { kind: "individual", name: "Ms Siobhan Mary O'Brien", elements: { title: "Ms", forename: "Siobhan", middle_name: "Mary", surname: "O'Brien" }, notified: "2022-05-01", dob: [3, 1979], nationality: "Irish", natures: SHARES_50 },
      { kind: "legal-person", name: "THE FERNLEIGH EMPLOYEE TRUST", notified: "2022-05-01", natures: SHARES_25, legalForm: "Trust" },
    ],
  },
  {
    number: "07311947",
    name: "HOLLOWAY-PRICE ENGINEERING LIMITED",
    status: "liquidation",
    type: "ltd",
    jurisdiction: "england-wales",
    created: "2010-07-08",
    address: { premises: "Unit 3", address_line_1: "Riverside Business Park", locality: "Sheffield", postal_code: "S9 2RX", country: E },
    sic: ["28290"],
    confirmationDueInDays: -200,
    accountsDueInDays: -150,
    insolvency: true,
    officers: [
      { name: "HOLLOWAY-PRICE, David", role: "director", appointed: "2010-07-08", dob: [7, 1958], nationality: "British", occupation: "Engineer" },
      { name: "HOLLOWAY-PRICE, Margaret", role: "secretary", appointed: "2010-07-08" },
    ],
    pscs: [{ kind: "individual", name: "Mr David Holloway-Price", elements: { title: "Mr", forename: "David", surname: "Holloway-Price" }, notified: "2016-04-06", dob: [7, 1958], nationality: "British", natures: SHARES_75 }],
  },
  {
    number: "05123456",
    name: "GREAT NORTHERN RAILWAY HERITAGE TRUST LIMITED",
    status: "active",
    type: "private-limited-guarant-nsc",
    jurisdiction: "england-wales",
    created: "2004-05-10",
    address: { address_line_1: "The Old Goods Shed", address_line_2: "Station Road", locality: "York", postal_code: "YO24 1AB", country: E },
    sic: ["91020"],
    confirmationDueInDays: 55,
    accountsDueInDays: 140,
    officers: trustOfficers(),
    pscs: [],
  },
  {
    number: "NI654321",
    name: "LOUGH ERNE BOATWORKS LIMITED",
    status: "active",
    type: "ltd",
    jurisdiction: "northern-ireland",
    created: "2012-04-17",
    address: { address_line_1: "Quay Road", locality: "Enniskillen", region: "County Fermanagh", postal_code: "BT74 6AB", country: "Northern Ireland" },
    sic: ["30120"],
    confirmationDueInDays: 90,
    accountsDueInDays: 20,
    officers: [
      { name: "MCALLISTER, Ciaran", role: "director", appointed: "2012-04-17", dob: [4, 1971], nationality: "Irish", occupation: "Boatbuilder", residence: "Northern Ireland" },
      { name: "O'NEILL, Róisín", role: "secretary", appointed: "2012-04-17" },
    ],
    pscs: [{ kind: "individual", name: "Mr Ciaran McAllister", elements: { title: "Mr", forename: "Ciaran", surname: "McAllister" }, notified: "2016-04-06", dob: [4, 1971], nationality: "Irish", natures: SHARES_75 }],
  },
];

// ---- the API's JSON ------------------------------------------------------------------------

const id = (seed: string, length = 27) => crypto.createHash("sha256").update(seed).digest("base64url").slice(0, length);
const etag = (seed: string) => crypto.createHash("sha1").update(seed).digest("hex");
const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export function addressSnippet(a: Address): string {
  return [[a.premises, a.address_line_1].filter(Boolean).join(" "), a.address_line_2, a.locality, a.region, a.postal_code].filter(Boolean).join(", ");
}

export function profileJson(c: SeedCompany, today: Date) {
  const links = { self: `/company/${c.number}`, filing_history: `/company/${c.number}/filing-history`, officers: `/company/${c.number}/officers`, persons_with_significant_control: `/company/${c.number}/persons-with-significant-control` };
  const confirmation =
    c.confirmationDueInDays === undefined
      ? undefined
      : (() => {
          const due = addDays(today, c.confirmationDueInDays);
          const madeUpTo = addDays(due, -14);
          return { last_made_up_to: day(addDays(madeUpTo, -365)), next_made_up_to: day(madeUpTo), next_due: day(due), overdue: c.confirmationDueInDays < 0 };
        })();
  const accounts =
    c.accountsDueInDays === undefined
      ? undefined
      : (() => {
          const due = addDays(today, c.accountsDueInDays);
          const periodEnd = addDays(due, -274);
          return { accounting_reference_date: { day: String(periodEnd.getUTCDate()), month: String(periodEnd.getUTCMonth() + 1).padStart(2, "0") }, next_due: day(due), next_made_up_to: day(periodEnd), overdue: c.accountsDueInDays < 0 };
        })();
  return {
    company_name: c.name,
    company_number: c.number,
    company_status: c.status,
    type: c.type,
    jurisdiction: c.jurisdiction,
    date_of_creation: c.created,
    ...(c.ceased ? { date_of_cessation: c.ceased } : {}),
    registered_office_address: c.address,
    sic_codes: c.sic,
    ...(confirmation ? { confirmation_statement: confirmation } : {}),
    ...(accounts ? { accounts } : {}),
    can_file: c.status !== "dissolved",
    has_charges: false,
    has_insolvency_history: Boolean(c.insolvency),
    has_been_liquidated: c.status === "liquidation",
    registered_office_is_in_dispute: false,
    undeliverable_registered_office_address: false,
    has_super_secure_pscs: false,
    etag: etag(`profile:${c.number}`),
    links,
  };
}

/** The register's order: serving officers first, by appointment; then the resigned, latest first. */
function officerOrder(a: SeedOfficer, b: SeedOfficer) {
  if (!a.resigned !== !b.resigned) return a.resigned ? 1 : -1;
  if (a.resigned && b.resigned) return b.resigned.localeCompare(a.resigned);
  return a.appointed.localeCompare(b.appointed) || a.name.localeCompare(b.name);
}

export function officerJson(c: SeedCompany, o: SeedOfficer) {
  const officerId = id(`officer:${o.person ?? `${c.number}:${o.name}`}`);
  const corporate = o.role.startsWith("corporate-");
  return {
    name: o.name,
    officer_role: o.role,
    appointed_on: o.appointed,
    ...(o.resigned ? { resigned_on: o.resigned } : {}),
    ...(o.dob ? { date_of_birth: { month: o.dob[0], year: o.dob[1] } } : {}),
    ...(o.nationality ? { nationality: o.nationality } : {}),
    ...(o.occupation ? { occupation: o.occupation } : {}),
    ...(o.dob ? { country_of_residence: o.residence ?? "England" } : {}),
    // The service address: the registered office, as most officers give.
    address: c.address,
    ...(corporate ? { identification: { identification_type: "uk-limited-company", registration_number: o.registrationNumber ?? "", place_registered: "Companies House" } } : {}),
    etag: etag(`appointment:${c.number}:${o.name}`),
    links: {
      self: `/company/${c.number}/appointments/${id(`appointment:${c.number}:${o.name}`)}`,
      officer: { appointments: `/officers/${officerId}/appointments` },
    },
  };
}

export function officersOf(c: SeedCompany) {
  return [...c.officers].sort(officerOrder).map((o) => officerJson(c, o));
}

const pscKind = { individual: "individual-person-with-significant-control", corporate: "corporate-entity-person-with-significant-control", "legal-person": "legal-person-person-with-significant-control" } as const;
const pscPath = { individual: "individual", corporate: "corporate-entity", "legal-person": "legal-person" } as const;

export function pscJson(c: SeedCompany, p: SeedPsc) {
  return {
    kind: pscKind[p.kind],
    name: p.name,
    ...(p.elements ? { name_elements: p.elements } : {}),
    notified_on: p.notified,
    ...(p.ceased ? { ceased_on: p.ceased } : {}),
    ...(p.dob ? { date_of_birth: { month: p.dob[0], year: p.dob[1] } } : {}),
    ...(p.nationality ? { nationality: p.nationality, country_of_residence: "England" } : {}),
    natures_of_control: p.natures,
    address: c.address,
    ...(p.kind !== "individual"
      ? { identification: { legal_authority: p.kind === "corporate" ? "Companies Act 2006" : "Trusts Law", legal_form: p.legalForm ?? "", ...(p.registrationNumber ? { place_registered: "Companies House", registration_number: p.registrationNumber, country_registered: "England" } : {}) } }
      : {}),
    etag: etag(`psc:${c.number}:${p.name}`),
    links: { self: `/company/${c.number}/persons-with-significant-control/${pscPath[p.kind]}/${id(`psc:${c.number}:${p.name}`)}` },
  };
}

export function pscsOf(c: SeedCompany) {
  return [...c.pscs].sort((a, b) => (!a.ceased === !b.ceased ? a.notified.localeCompare(b.notified) : a.ceased ? 1 : -1)).map((p) => pscJson(c, p));
}

export function searchItemJson(c: SeedCompany) {
  const created = new Date(`${c.created}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const ceased = c.ceased ? new Date(`${c.ceased}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }) : undefined;
  return {
    kind: "searchresults#company",
    company_number: c.number,
    title: c.name,
    company_status: c.status,
    company_type: c.type,
    date_of_creation: c.created,
    ...(c.ceased ? { date_of_cessation: c.ceased } : {}),
    address: c.address,
    address_snippet: addressSnippet(c.address),
    description: ceased ? `${c.number} - Dissolved on ${ceased}` : `${c.number} - Incorporated on ${created}`,
    description_identifier: [ceased ? "dissolved-on" : "incorporated-on"],
    links: { self: `/company/${c.number}` },
  };
}

export type { SeedCompany };
