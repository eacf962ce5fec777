/**
 * Builds the site into dist/ (or $DIST_DIR): `npm run build`.
 * Reads top to bottom in lib/build/build-site.ts; this file resolves the configuration
 * (lib/config.ts), runs the build with it and reports.
 * NODE_ENV is set to "production" here (unless already set), not in the npm script, so the
 * command is the same in every shell (cmd.exe has no `NODE_ENV=… cmd` syntax). The generator is
 * imported after that, inside the try, so a syntax error in a content file is reported like any
 * other mistake: one line per mistake naming the file (and line, record, field), and exit code 1;
 * the previous dist/ is left as it was. A bad environment variable is one line too, before anything
 * is built.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, resolveConfig, type GeneratorConfig } from './lib/config.ts';
import type { AtWriteStep } from './lib/output-folder.ts';

/**
 * Runs `npm run build`: prints the build's progress and summary, or what stopped it.
 * @param atStep a seam for tests (test/helpers/build-at-step.ts): told each named step of writing
 *   and swapping in the output folder; production passes none
 * @returns the exit code: 0 built, 1 stopped (the previous output folder is left as it was)
 */
export async function runBuild(atStep?: AtWriteStep): Promise<number> {
  let config: GeneratorConfig;
  try {
    config = resolveConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(['Build not started:', ...error.lines].join('\n'));
    return 1;
  }
  process.env.NODE_ENV ||= 'production';
  try {
    const { buildSite } = await import('./lib/build/build-site.ts');
    const { formatSummary } = await import('./lib/build/summary.ts');
    const { openSiteWriter } = await import('./lib/write.ts');
    const result = await buildSite({
      config,
      progress: (line) => console.log(line),
      writer: () => openSiteWriter(config.staticDir, config.outDir, { replaceExisting: config.replaceExisting, atStep }),
    });
    console.log(formatSummary(result));
    return 0;
  } catch (error) {
    const { describeBuildError, formatForTerminal } = await import('./lib/build/build-error.ts');
    const out = path.relative(config.root, config.outDir) || 'dist';
    console.error(formatForTerminal(describeBuildError(error, config.root), `${out}/`));
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await runBuild();
