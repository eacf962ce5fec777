/**
 * Builds the site into dist/: `npm run build`.
 * Reads top to bottom in lib/build/build-site.ts; this file only runs it and reports.
 * NODE_ENV is set to "production" here (unless already set), not in the npm script, so the
 * command is the same in every shell (cmd.exe has no `NODE_ENV=… cmd` syntax). The generator is
 * imported after that, inside the try, so a syntax error in a content file is reported like any
 * other mistake: one line per mistake naming the file (and line, record, field), and exit code 1;
 * the previous dist/ is left as it was.
 */
import path from 'node:path';

process.env.NODE_ENV ||= 'production';
const ROOT = import.meta.dirname;

try {
  const { buildSite } = await import('./lib/build/build-site.ts');
  const { formatSummary } = await import('./lib/build/summary.ts');
  const result = await buildSite({ progress: (line) => console.log(line) });
  console.log(formatSummary(result));
} catch (error) {
  const { describeBuildError, formatForTerminal } = await import('./lib/build/build-error.ts');
  const out = path.relative(ROOT, path.resolve(ROOT, process.env.DIST_DIR || 'dist')) || 'dist';
  console.error(formatForTerminal(describeBuildError(error, ROOT), `${out}/`));
  process.exitCode = 1;
}
