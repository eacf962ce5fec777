/**
 * `npm run hosting -- nginx [--root /var/www/site]`: prints the site's nginx config (root: where
 * dist/ is uploaded). `npm run hosting -- retire-service-worker`: prints the service worker that
 * retires the site's, to save as sw.js on the site that replaces this one.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ContentError } from '../lib/content/schema.ts';
import { RETIRING_SERVICE_WORKER } from '../lib/bundle/service-worker.ts';
import { generateNginx } from '../lib/site-files/hosting.ts';
import { loadProjectContent } from '../lib/content/load-content.ts';
import { configForCommand } from '../lib/config.ts';
import { describeBuildError, formatProblem } from '../lib/build/build-error.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { root: { type: 'string', default: '/var/www/site' } } });
if (positionals[0] === 'retire-service-worker' && positionals.length === 1) {
  process.stdout.write(RETIRING_SERVICE_WORKER);
  process.exit(0);
}
if (positionals[0] !== 'nginx' || positionals.length > 1) {
  console.error(`Usage: npm run hosting -- nginx [--root /var/www/site], or npm run hosting -- retire-service-worker   (got: ${positionals.join(' ') || 'nothing'})`);
  process.exit(1);
}
try {
  process.stdout.write(generateNginx(loadProjectContent(configForCommand('Hosting').contentDir), values.root));
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(formatProblem(describeBuildError(error, path.resolve(import.meta.dirname, '..'))).join('\n'));
  process.exit(1);
}
