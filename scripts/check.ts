/**
 * `npm run check`: the pre-publish check (lib/check/prepublish-check.ts; siteUrl against
 * DEPLOY_TARGET when set, in the shell or .env), the redirects and the static folder as the build checks them, then as warnings pages that the last deploy or build
 * holds and this content no longer makes, and thin area pages (tooling/thin-pages.ts). One line
 * per finding; exits 1 while any sample or target finding remains.
 *
 * Usage: tsx scripts/check.ts [--json]
 *   --json  one JSON object, for the editor's Publish panel (lib/edit/publish.ts):
 *           { findings: [{ kind: 'sample'|'target'|'warning', line }], blocking, summary } or { error }
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import fg from 'fast-glob';
import { thinAreaWarnings } from '../tooling/thin-pages.ts';
import { checkRedirects, checkStaticFolder } from '../lib/build/build-site.ts';
import { describeBuildError, formatProblem } from '../lib/build/build-error.ts';
import { ConfigError, PROJECT_ROOT, resolveConfig } from '../lib/config.ts';
import { pageOfFile, pagesNoLongerMade, readRecordCopy, type RecordCopy } from '../lib/deploy/record-copy.ts';
import { outputFile } from '../lib/route.ts';
import { siteRedirects } from '../lib/site-files/hosting.ts';
import { buildRoutes } from '../pages/routes.ts';
import { DeployError, loadDotEnv, readTarget, recordCopyFile } from '../lib/deploy/deploy-target.ts';
import { loadProjectContent } from '../lib/content/load-content.ts';
import { writtenValues } from '../lib/content/read-content.ts';
import { checkSite, formatFinding, isBlocking } from '../lib/check/prepublish-check.ts';

const json = Boolean(parseArgs({ options: { json: { type: 'boolean' } } }).values.json);
const out: { kind: 'sample' | 'target' | 'warning'; line: string }[] = [];

try {
  loadDotEnv(PROJECT_ROOT);
  // After .env, which may set DIST_DIR too.
  const config = resolveConfig();
  const target = readTarget(process.env, config.root);
  const site = loadProjectContent(config.contentDir);
  const routes = buildRoutes(site);
  checkRedirects(site, routes, config.staticDir);
  await checkStaticFolder(routes, config.staticDir);
  const findings = checkSite(site, target, routes, writtenValues(config.contentDir));
  // Pages the last deploy published or dist/ holds that this content no longer makes: the next deploy deletes them.
  const built = fg.sync('**/index.html', { cwd: config.outDir }).map((f) => pageOfFile(`/${f}`)!);
  const made = new Set(routes.map((r) => pageOfFile(`/${outputFile(r.path)}`)).filter((p) => p !== undefined));
  const sources = new Set(siteRedirects(site.settings).flatMap((r) => [r.from, r.from.replace(/\/$/, '')]));
  const warnings: string[] = [];
  let copy: RecordCopy | undefined;
  try {
    copy = readRecordCopy(recordCopyFile(process.env, config.root));
  } catch (error) {
    if (!(error instanceof DeployError)) throw error;
    warnings.push(`Warning: ${error.message}`);
  }
  const outDir = `${path.relative(config.root, config.outDir) || config.outDir}/`;
  warnings.push(...pagesNoLongerMade(made, sources, built, copy, outDir));
  for (const line of warnings) out.push({ kind: 'warning', line });
  for (const f of findings) out.push({ kind: f.kind, line: formatFinding(f) });
  const thin = thinAreaWarnings(site);
  for (const w of thin) out.push({ kind: 'warning', line: `Warning: ${w}` });
  if (!json) for (const { line } of out) console.log(line);
  const compared = target ? `siteUrl compared with ${target.host}` : 'no DEPLOY_TARGET set, so siteUrl was not compared with a server';
  const blocking = findings.filter(isBlocking);
  const warned = warnings.length + findings.length - blocking.length + thin.length;
  const looked = warned ? `; ${warned} warning(s) above to look at, which do not stop a deploy` : '';
  const summary = blocking.length
    ? `Pre-publish check: ${blocking.length} to fix before publishing (${compared})${looked}.`
    : `Pre-publish check passed: no sample values left (${compared})${looked}.`;
  console.log(json ? JSON.stringify({ findings: out, blocking: blocking.length > 0, summary }) : summary);
  if (blocking.length) process.exitCode = 1;
} catch (error) {
  if (error instanceof DeployError || error instanceof ConfigError) {
    console.log(json ? JSON.stringify({ error: error.message }) : error.message);
  } else if (json) {
    const problem = describeBuildError(error, PROJECT_ROOT);
    console.log(JSON.stringify({ error: formatProblem(problem).join('\n') }));
    if (problem.bug) console.error((error as Error)?.stack ?? error);
  } else {
    // A content mistake: a line each; anything else is a bug, printed with its stack.
    const problem = describeBuildError(error, PROJECT_ROOT);
    (problem.bug ? console.error : console.log)(formatProblem(problem).join('\n'));
  }
  process.exitCode = 1;
}
