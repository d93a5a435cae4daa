import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import en from "@/messages/en-GB.json";
import { ROOT_CLIENT_NAMESPACES } from "./client-namespaces";
import { pickMessages } from "./pick-messages";

/*
 * Every page hands its client components the message namespaces they use, and only those
 * (components/i18n/client-messages.tsx; the root layout hands every page ROOT_CLIENT_NAMESPACES).
 * Read from the source: from each route file of app/, its imports are followed; past a "use client"
 * module every module is a client one, and its `useTranslations("…")` namespaces must be among the
 * root's, the route file's `<ClientMessages namespaces={[…]}>` and its layouts'. A client module
 * whose namespace is chosen at run time (`useTranslations(namespace)`, `useTranslations()` with
 * keys built at run time, `useMessages`) is taken to read every namespace of the catalogue it names
 * in a string, or those listed in a comment `@messages ns ns`.
 */

const ROOT = path.resolve(__dirname, "../..");
const ROUTE_FILES = /^(page|layout|error|loading|not-found|forbidden|unauthorized|template|default)\.tsx$/;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface ModuleInfo {
  client: boolean;
  server: boolean;
  imports: string[];
  /** Namespaces its `useTranslations` calls read; null when a call's namespace is not a literal. */
  namespaces: string[] | null;
  /** `<ClientMessages namespaces={[...]}>` in it. */
  provides: string[];
}

const modules = new Map<string, ModuleInfo>();

/** Whether `name` is a namespace (not a single message) of the English catalogue. */
function isNamespace(name: string): boolean {
  let node: unknown = en;
  for (const key of name.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === "object" && node !== null;
}

function moduleInfo(file: string): ModuleInfo {
  const known = modules.get(file);
  if (known) return known;
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const directives = source.statements.filter(ts.isExpressionStatement).map((s) => (ts.isStringLiteral(s.expression) ? s.expression.text : ""));
  let namespaces: string[] | null = [];
  const provides: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const [first] = node.arguments;
      if (name === "useTranslations") {
        if (first && ts.isStringLiteralLike(first)) namespaces?.push(first.text);
        else namespaces = null;
      } else if (name === "useMessages") namespaces = null;
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === "namespaces") {
      const element = node.parent.parent;
      const tag = ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element) ? element.tagName.getText() : "";
      const value = node.initializer && ts.isJsxExpression(node.initializer) ? node.initializer.expression : undefined;
      if (tag === "ClientMessages" && value && ts.isArrayLiteralExpression(value)) {
        for (const e of value.elements) if (ts.isStringLiteralLike(e)) provides.push(e.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const declared = /@messages((?:[ \t]+[\w.]+)+)/.exec(text);
  if (declared) namespaces = declared[1]!.trim().split(/\s+/);
  else if (namespaces === null) {
    const named = new Set<string>();
    const collect = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) && isNamespace(node.text)) named.add(node.text);
      ts.forEachChild(node, collect);
    };
    collect(source);
    if (named.size > 0) namespaces = [...named];
  }
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => resolveImport(file, f.fileName))
    .filter((f): f is string => f !== null);
  const info = { client: directives.includes("use client"), server: directives.includes("use server"), imports, namespaces, provides };
  modules.set(file, info);
  return info;
}

/** The namespaces each client module reachable from `file` reads, by module. */
function clientNeeds(file: string): Map<string, string[] | null> {
  const needs = new Map<string, string[] | null>();
  const seen = new Set<string>();
  const walk = (f: string, inClient: boolean) => {
    const info = moduleInfo(f);
    if (info.server) return; // server actions: called from the browser, run on the server
    const client = inClient || info.client;
    const key = `${f}:${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (client && (info.namespaces === null || info.namespaces.length > 0)) needs.set(path.relative(ROOT, f), info.namespaces);
    for (const d of info.imports) walk(d, client);
  };
  walk(file, false);
  return needs;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return ROUTE_FILES.test(e.name) ? [full] : [];
  });
}

/** The layouts above a route file (its own folder's included), up to app/layout.tsx. */
function layoutsOf(file: string): string[] {
  const out: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(path.join(ROOT, "app")); dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (layout !== file && fs.existsSync(layout)) out.push(layout);
  }
  return out;
}

const covers = (provided: readonly string[], used: string) => provided.some((p) => used === p || used.startsWith(`${p}.`));

const routes = routeFiles(path.join(ROOT, "app")).map((f) => path.relative(ROOT, f));

describe("the messages each page hands to its client components", () => {
  it.each(routes)("%s: every client component's namespace, and no other", (route) => {
    const file = path.join(ROOT, route);
    const own = moduleInfo(file).provides;
    const provided = [...ROOT_CLIENT_NAMESPACES, ...own, ...layoutsOf(file).flatMap((l) => moduleInfo(l).provides)];
    const needs = clientNeeds(file);
    const unreadable = [...needs].filter(([, ns]) => ns === null).map(([m]) => m);
    expect({ route, unreadable }).toEqual({ route, unreadable: [] });
    const missing = [...needs].flatMap(([m, ns]) => (ns ?? []).filter((n) => !covers(provided, n)).map((n) => `${n} (${m})`));
    expect({ route, missing }).toEqual({ route, missing: [] });
    const used = [...needs.values()].flatMap((ns) => ns ?? []);
    const unused = own.filter((p) => !used.some((u) => u === p || u.startsWith(`${p}.`)));
    expect({ route, unused }).toEqual({ route, unused: [] });
  });

  it("finds the client components of the pages people use", () => {
    // A check on the check: the walk reaches through server components into client ones.
    expect([...clientNeeds(path.join(ROOT, "app/(public)/login/page.tsx")).keys()]).toContain("components/auth/login-form.tsx");
    expect([...clientNeeds(path.join(ROOT, "app/layout.tsx")).keys()]).toContain("components/layout/language-link.tsx");
  });

  it("gives no provider the whole catalogue", () => {
    // Only these hand messages to client components: the root layout (its namespaces), a page's
    // ClientMessages (the page's) and the global error boundary (the error view's, loaded on demand),
    // each through IntlClientProvider (next-intl's, with the messages' locale resolved cheaply).
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) return files(rel);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
      });
    const using = (tag: string) => ["app", "components", "lib"].flatMap(files).filter((f) => fs.readFileSync(path.join(ROOT, f), "utf8").includes(tag));
    expect(using("<IntlClientProvider").sort()).toEqual(["app/global-error.tsx", "app/layout.tsx", "components/i18n/client-messages.tsx"]);
    expect(using("<NextIntlClientProvider")).toEqual(["components/i18n/intl-client-provider.tsx"]);
  });

  it("keeps the root layout's share small", () => {
    const size = JSON.stringify(pickMessages(en, ROOT_CLIENT_NAMESPACES)).length;
    expect(size).toBeLessThan(JSON.stringify(en).length / 20);
  });
});

describe("pickMessages", () => {
  const messages = { a: { x: "1", y: { z: "2" } }, b: { w: "3" }, c: "4" };

  it("copies the namespaces asked for, nested ones under their parents", () => {
    expect(pickMessages(messages, ["a.y", "c"])).toEqual({ a: { y: { z: "2" } }, c: "4" });
    expect(pickMessages(messages, ["a.y", "a", "b.w"])).toEqual({ a: messages.a, b: { w: "3" } });
  });

  it("leaves the catalogue as it was", () => {
    const before = JSON.stringify(messages);
    pickMessages(messages, ["a", "a.y", "a.x", "b"]);
    expect(JSON.stringify(messages)).toBe(before);
  });

  it("refuses a namespace the catalogue does not have", () => {
    expect(() => pickMessages(messages, ["a.nope"])).toThrow('No messages under "a.nope"');
  });
});
