// The one way scripts load the portal's server code outside Next.js. Server modules import
// "server-only", which throws anywhere but a React Server Components build; Next.js resolves it
// to an empty module with the `react-server` condition. Running a script under that condition
// instead would also switch React and next-intl to their server builds, which the email rendering
// cannot use, so this resolve hook maps only "server-only" to an empty module. Use it as
//   tsx --import ./scripts/lib/server-only-hook.mjs scripts/<script>.ts
// (npm run worker, npm run jobs, npm run bench, docker-compose's worker and measure-export do).
import { register } from "node:module";

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {}", shortCircuit: true };
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
