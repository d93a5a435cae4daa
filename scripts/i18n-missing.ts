/*
 * npm run i18n:missing [-- --json]
 *
 * What the Welsh catalogue (messages/cy.json) lacks against the English one (messages/en-GB.json):
 * missing keys with their English text, keys English no longer has, and messages whose
 * placeholders differ. With --json, the missing keys as a catalogue of their English texts, to
 * translate and merge into messages/cy.json. Exits 1 while there is anything to fix (the same
 * things lib/i18n/catalogue.test.ts checks).
 *
 * It also lists ("changed") the English texts that differ from those of the last commit of
 * messages/cy.json: their Welsh may be out of date. The test cannot see those; check each one.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compareCatalogues, flatten, missingAsCatalogue, type Catalogue } from "../lib/i18n/catalogue-check";
import { print, printError } from "./lib/terminal";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, "messages", file), "utf8")) as Catalogue;
const en = read("en-GB.json");
const cy = read("cy.json");
const diff = compareCatalogues(en, cy);

/** English texts changed since messages/cy.json was last committed (none when git cannot tell). */
function changedSinceWelsh(): { key: string; was: string; now: string }[] {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const rev = git("log", "-1", "--format=%H", "--", "messages/cy.json").trim();
    if (!rev) return [];
    const then = flatten(JSON.parse(git("show", `${rev}:messages/en-GB.json`)) as Catalogue);
    return [...flatten(en)].filter(([key, text]) => then.has(key) && then.get(key) !== text).map(([key, now]) => ({ key, was: then.get(key)!, now }));
  } catch {
    return [];
  }
}

if (process.argv.includes("--json")) {
  print(JSON.stringify(missingAsCatalogue(en, cy), null, 2));
} else {
  const english = flatten(en);
  for (const key of diff.missing) print(`missing\t${key}\t${english.get(key)}`);
  for (const key of diff.extra) print(`extra\t${key}\t(not in English: remove or rename)`);
  for (const p of diff.placeholders) print(`placeholders\t${p.key}\tEnglish ${p.reference.join(" ")} | Welsh ${p.other.join(" ")}`);
  for (const u of diff.unparsable) print(`unparsable\t${u.key}\t${u.catalogue === "reference" ? "English" : "Welsh"}: ${u.error}`);
  for (const c of changedSinceWelsh()) print(`changed\t${c.key}\tEnglish was ${JSON.stringify(c.was)}, now ${JSON.stringify(c.now)}: check the Welsh`);
  const problems = diff.missing.length + diff.extra.length + diff.placeholders.length + diff.unparsable.length;
  printError(problems ? `${diff.missing.length} missing, ${diff.extra.length} extra, ${diff.placeholders.length} placeholder mismatches, ${diff.unparsable.length} unparsable` : "The Welsh catalogue is complete.");
}
process.exitCode = diff.missing.length + diff.extra.length + diff.placeholders.length + diff.unparsable.length ? 1 : 0;
