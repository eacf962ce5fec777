/**
 * `npm run check`: the pre-publish check on its own (lib/deploy/prepublish-check.ts). Prints one line per
 * finding, naming the file and the field, and exits 1 while any remain. Compares siteUrl with the
 * deploy target when DEPLOY_TARGET is set (in the shell or in .env). Then warns about thin area
 * pages (tooling/thin-pages.ts): it renders the area pages from the content and measures how much
 * text they share (lib/area-similarity.ts); a warning names the page, how similar and what to
 * write, and does not change the exit code.
 */
import { ContentError } from '../content/schema.ts';
import { thinAreaWarnings } from '../tooling/thin-pages.ts';
import { ROOT } from '../lib/build/build-site.ts';
import { DeployError, loadDotEnv, readTarget } from '../lib/deploy/deploy-target.ts';
import { loadContent } from '../lib/content/load-content.ts';
import { checkSite, formatFinding } from '../lib/deploy/prepublish-check.ts';

try {
  loadDotEnv(ROOT);
  const target = readTarget();
  const site = loadContent();
  const findings = checkSite(site, target);
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
  if (!(error instanceof ContentError || error instanceof DeployError)) throw error;
  console.log(error.message);
  process.exitCode = 1;
}
