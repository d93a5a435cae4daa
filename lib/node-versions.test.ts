/**
 * The Node.js versions the repository says it runs on agree everywhere they are stated: package.json's
 * engines, the Docker image's base, README's "Node.js" section, CI's version line, and pg-boss's own
 * declared range for the image. And the Node running this test (CI's) is one the engines declare.
 */
import fs from "node:fs";
import path from "node:path";

const read = (file: string) => fs.readFileSync(path.join(process.cwd(), file), "utf8");

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`not a version: ${text}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const atLeast = (v: Version, min: Version) => v[0] !== min[0] ? v[0] > min[0] : v[1] !== min[1] ? v[1] > min[1] : v[2] >= min[2];

/** `^20.9.0 || ^22.12.0`: the lowest version of each major line. Only caret ranges are used here. */
function caretLines(range: string): Version[] {
  return range.split("||").map((part) => {
    const m = /^\s*\^(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!m) throw new Error(`engines.node should be caret ranges joined by ||, got "${range}"`);
    return parseVersion(m[1]!);
  });
}

const satisfies = (v: Version, lines: Version[]) => lines.some((min) => v[0] === min[0] && atLeast(v, min));

const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const lines = caretLines(engines);
const fromMajors = [...read("Dockerfile").matchAll(/^FROM node:(\d+)[\w.-]*/gm)].map((m) => Number(m[1]));
const readme = read("README.md");
const nodeSection = readme.slice(readme.indexOf("### Node.js"), readme.indexOf("\n## ", readme.indexOf("### Node.js")));

describe("Node.js versions", () => {
  it("package.json declares one line per tested major, lowest first", () => {
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((l) => l[0])).toEqual([...new Set(lines.map((l) => l[0]))].sort((a, b) => a - b));
  });

  it("the Docker image runs one Node major, a line the engines declare", () => {
    expect(fromMajors.length).toBeGreaterThan(0);
    expect(new Set(fromMajors).size).toBe(1);
    expect(lines.map((l) => l[0])).toContain(fromMajors[0]);
  });

  it("the Docker image's line meets pg-boss's declared minimum", () => {
    const pgBoss = (JSON.parse(read("node_modules/pg-boss/package.json")) as { engines: { node: string } }).engines.node;
    const min = parseVersion(/>=\s*(\d+\.\d+\.\d+)/.exec(pgBoss)![1]!);
    const imageLine = lines.find((l) => l[0] === fromMajors[0])!;
    expect(atLeast(imageLine, min)).toBe(true);
    // README says which range pg-boss declares.
    expect(nodeSection).toContain(`node >= ${min[0]}.${min[1]}`);
  });

  it("README states the engines, each line's minimum and the Docker image", () => {
    expect(nodeSection).toContain(`"node": "${engines}"`);
    for (const [major, minor] of lines) expect(nodeSection).toContain(`**Node ${major}** (${major}.${minor} or later`);
    const from = /^FROM (node:[\w.-]+)/m.exec(read("Dockerfile"))![1]!;
    expect(nodeSection).toContain(`FROM ${from}`);
  });

  it("CI prints the Node version it tests on", () => {
    expect(read(".ci/run")).toMatch(/^node --version$/m);
  });

  it("the Node running the tests is one the engines declare", () => {
    expect({ node: process.version, declared: satisfies(parseVersion(process.version), lines) }).toEqual({ node: process.version, declared: true });
  });
});
