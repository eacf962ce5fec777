/**
 * `npm run check`: the pre-publish check on its own (lib/deploy/prepublish-check.ts). Prints one line per
 * finding, naming the file and the field, and exits 1 while any remain. Compares siteUrl with the
 * deploy target when DEPLOY_TARGET is set (in the shell or in .env). Also refuses a redirect to
 * a page the content does not make or that would hide a page or a file, and a file of static/ the
 * build would refuse (lib/static-folder.ts), and warns about pages of the last build (dist/) that this
 * content no longer makes and that no redirect covers. Then warns about thin area pages
 * (tooling/thin-pages.ts): it renders the area pages from the content and measures how much text
 * they share (lib/area-similarity.ts); a warning names the page, how similar and what to write,
 * and does not change the exit code.
 */
import fg from 'fast-glob';
import { thinAreaWarnings } from '../tooling/thin-pages.ts';
import { checkRedirects, checkStaticFolder } from '../lib/build/build-site.ts';
import { describeBuildError, formatProblem } from '../lib/build/build-error.ts';
import { ConfigError, PROJECT_ROOT, resolveConfig } from '../lib/config.ts';
import { deletedPagesWithoutRedirect } from '../lib/deploy/deleted-pages.ts';
import { outputFile } from '../lib/route.ts';
import { siteRedirects } from '../lib/site-files/hosting.ts';
import { buildRoutes } from '../pages/routes.ts';
import { DeployError, loadDotEnv, readTarget } from '../lib/deploy/deploy-target.ts';
import { loadContent } from '../lib/content/load-content.ts';
import { checkSite, formatFinding } from '../lib/deploy/prepublish-check.ts';

try {
  loadDotEnv(PROJECT_ROOT);
  // After .env, which may set DIST_DIR too.
  const config = resolveConfig();
  const target = readTarget(process.env, config.root);
  const site = loadContent();
  const routes = buildRoutes(site);
  checkRedirects(site, routes, config.staticDir);
  await checkStaticFolder(routes, config.staticDir);
  const findings = checkSite(site, target);
  // Pages of the last build (dist/) that this content no longer makes: once deployed, the deploy
  // deletes them; say so now, as the deploy will.
  const built = fg.sync('**/index.html', { cwd: config.outDir }).map((f) => `/${f}`);
  const made = new Set(routes.map((r) => `/${outputFile(r.path)}`));
  const sources = new Set(siteRedirects(site.settings).flatMap((r) => [r.from, r.from.replace(/\/$/, '')]));
  for (const page of deletedPagesWithoutRedirect(built.filter((f) => !made.has(f)), sources)) {
    console.log(`Warning: ${page} is in the last build (dist/) but this content makes no such page: once deployed it is deleted, and visitors following links or search results to it see "page not found". Add { from: '${page}', to: '/service-areas/' } (or another page) to redirects in content/site.ts.`);
  }
  for (const f of findings) console.log(formatFinding(f));
  for (const w of thinAreaWarnings(site)) console.log(`Warning: ${w}`);
  const compared = target ? `siteUrl compared with ${target.host}` : 'no DEPLOY_TARGET set, so siteUrl was not compared with a server';
  if (findings.length) {
    console.log(`Pre-publish check: ${findings.length} to fix before publishing (${compared}).`);
    process.exitCode = 1;
  } else {
    console.log(`Pre-publish check passed: no sample values left (${compared}).`);
  }
} catch (error) {
  if (error instanceof DeployError || error instanceof ConfigError) {
    console.log(error.message);
  } else {
    // A content mistake: a line each; anything else is a bug, printed with its stack.
    const problem = describeBuildError(error, PROJECT_ROOT);
    (problem.bug ? console.error : console.log)(formatProblem(problem).join('\n'));
  }
  process.exitCode = 1;
}
