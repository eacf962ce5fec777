/**
 * `npm run hosting -- nginx`: prints the nginx config of lib/site-files/hosting.ts for the siteUrl of
 * content/settings.yaml, ready to save as e.g. /etc/nginx/sites-enabled/site.conf. (The .htaccess,
 * _headers and _redirects need no command: the build writes them into dist/.)
 *
 * `npm run hosting -- retire-service-worker`: prints the service worker that retires the site's
 * (lib/bundle/service-worker.ts RETIRING_SERVICE_WORKER), to save as sw.js on the site that replaces this one.
 *
 * Usage: tsx scripts/hosting.ts nginx [--root /var/www/site]   (root: where dist/ is uploaded)
 *        tsx scripts/hosting.ts retire-service-worker
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
