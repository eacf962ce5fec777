/**
 * `npm run build`: resolves the configuration, builds the site (lib/build/build-site.ts) and writes
 * it into the output folder at once (lib/write.ts). NODE_ENV is set here, not in the npm script,
 * so the command is the same in every shell; the generator is imported after that, inside the
 * try, so a syntax error in a loaded file is reported like any other mistake.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from './lib/build/build-site.ts';
import type { BuildResult } from './lib/build/summary.ts';
import { configOrReport } from './lib/config.ts';
import type { AtWriteStep } from './lib/output-folder.ts';

/**
 * Builds the site and writes it, with the static folder's files, into the configuration's output
 * folder (`outDir`), replacing what it held in one step: `npm run build` without its terminal lines.
 * @param atStep a seam for tests (test/helpers/build-at-step.ts): told each named step of writing
 *   and swapping in the output folder; production passes none
 * @throws as buildSite (nothing is written then), or as writeSite (the previous output folder is
 *   left as it was)
 */
export async function buildToFolder(options: BuildOptions, atStep?: AtWriteStep): Promise<BuildResult> {
  const { buildSite } = await import('./lib/build/build-site.ts');
  const { writeSite } = await import('./lib/write.ts');
  const { config } = options;
  const result = await buildSite(options);
  await writeSite(result.files, config.staticDir, config.outDir, { replaceExisting: config.replaceExisting, atStep });
  return result;
}

/**
 * Runs `npm run build`: prints the build's progress and summary, or what stopped it (a bad
 * environment variable: "Build not started:" and exit code 1, before anything is built).
 * @param atStep as buildToFolder's
 * @returns the exit code: 0 built, 1 stopped (the previous output folder is left as it was)
 */
export async function runBuild(atStep?: AtWriteStep): Promise<number> {
  const config = configOrReport('Build');
  if (!config) return 1;
  process.env.NODE_ENV ||= 'production';
  try {
    const { formatSummary } = await import('./lib/build/summary.ts');
    const result = await buildToFolder({ config, progress: (line) => console.log(line) }, atStep);
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
