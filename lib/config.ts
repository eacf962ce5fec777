/**
 * The generator's configuration, resolved once at the start of a command from the environment and
 * the project folder, then passed down as parameters (docs/owner-settings.md lists the variables;
 * the deploy's are resolved by lib/deploy/deploy-target.ts).
 */
import path from 'node:path';

/** The project folder: the parent of lib/. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

/** The generator's settings, every path absolute. Frozen. */
export interface GeneratorConfig {
  /** The project folder (package.json, content/, static/). */
  readonly root: string;
  /** The output folder a build replaces as a whole: $DIST_DIR resolved against `root`, else root/dist. */
  readonly outDir: string;
  /** DIST_REPLACE_EXISTING=1: a build may replace an output folder it did not make (an existing web root). */
  readonly replaceExisting: boolean;
  /** Files copied into the site as they are: root/static. */
  readonly staticDir: string;
  /** The content files: root/content. */
  readonly contentDir: string;
  /** The folder photo fields name files in: root/content/photos. */
  readonly photosDir: string;
  /** The on-disk cache of encoded photos: root/node_modules/.cache/photos. */
  readonly photoCacheDir: string;
  /** $BUILD_THREADS: threads that render and finish pages; undefined lets the build choose by the site's size. */
  readonly threads: number | undefined;
  /** NODE_ENV is not "development": minified service worker, quiet browser logger (React reads NODE_ENV itself). */
  readonly production: boolean;
  /** $PORT: the port `npm run dev` and `npm run serve` ask for first (0: any free port). */
  readonly port: number;
  /** DEV_TRACE=1: `npm run dev` prints each save's phases with their times. */
  readonly devTrace: boolean;
}

/**
 * One or more environment variables with a value the generator cannot use: one line each, naming
 * the variable, what is expected and the value given. Commands print its message without a stack.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** One line per bad variable. */
  readonly lines: readonly string[];

  constructor(lines: string[]) {
    super(lines.join('\n'));
    this.lines = Object.freeze([...lines]);
  }
}

/** The port a command asks for when PORT is not set. */
export const DEFAULT_PORT = 8080;

type Env = Readonly<Record<string, string | undefined>>;

/** A set variable's value; undefined when unset or empty (as unset, the shells' habit for `VAR= cmd`). */
const given = (env: Env, name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);

/** "NAME must be RULE, e.g. EXAMPLE (got "VALUE")." */
const bad = (name: string, rule: string, example: string, value: string) => `${name} must be ${rule}, e.g. ${example} (got "${value}").`;

/** A whole number written as decimal digits, or undefined. */
const whole = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : undefined);

/** An on/off switch: 1 on, 0 off. */
function flag(env: Env, name: string, meaning: string, problems: string[]): boolean {
  const value = given(env, name);
  if (value === undefined || value.trim() === '0') return false;
  if (value.trim() === '1') return true;
  problems.push(bad(name, `1 (${meaning}) or 0`, `${name}=1`, value));
  return false;
}

/** `inner` is `outer` or inside it (absolute paths). */
function within(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The output folder: DIST_DIR resolved against the project, refused where a build would replace the project's own files. */
function outputFolder(env: Env, root: string, problems: string[]): string {
  const value = given(env, 'DIST_DIR');
  const dir = path.resolve(root, value ?? 'dist');
  if (value === undefined) return dir;
  if (within(dir, root)) {
    problems.push(bad('DIST_DIR', 'a folder of its own for the built site (a build replaces all of it), not the project folder or a folder holding it', 'DIST_DIR=dist', value));
  } else if (within(path.join(root, 'static'), dir) || within(path.join(root, 'content'), dir)) {
    problems.push(bad('DIST_DIR', 'a folder outside static/ and content/ (the build reads them and replaces the whole output folder)', 'DIST_DIR=dist', value));
  }
  return dir;
}

/** BUILD_THREADS: undefined when unset (the build chooses). */
function threads(env: Env, problems: string[]): number | undefined {
  const value = given(env, 'BUILD_THREADS');
  if (value === undefined) return undefined;
  const n = whole(value);
  if (n !== undefined && n >= 1) return n;
  problems.push(bad('BUILD_THREADS', 'a whole number of threads, at least 1', 'BUILD_THREADS=1', value));
  return undefined;
}

/** NODE_ENV: production unless "development". */
function production(env: Env, problems: string[]): boolean {
  const value = given(env, 'NODE_ENV');
  if (value === undefined || value === 'production') return true;
  if (value === 'development') return false;
  problems.push(bad('NODE_ENV', '"production" (the default) or "development" (the browser logger keeps debug lines, the service worker is not minified)', 'NODE_ENV=production', value));
  return true;
}

/** PORT: DEFAULT_PORT when unset. */
function port(env: Env, problems: string[]): number {
  const value = given(env, 'PORT');
  if (value === undefined) return DEFAULT_PORT;
  const n = whole(value);
  if (n !== undefined && n <= 65535) return n;
  problems.push(bad('PORT', 'a whole number from 0 to 65535 (0: any free port)', 'PORT=3000', value));
  return DEFAULT_PORT;
}

/**
 * Resolves and checks every setting of the generator at once.
 * @param env  the environment to read (default process.env); tests pass their own
 * @param root the project folder (default PROJECT_ROOT); a relative DIST_DIR is resolved against it
 * @returns the frozen configuration
 * @throws ConfigError naming every variable whose value is unusable, one line each, e.g.
 *   `BUILD_THREADS must be a whole number of threads, at least 1, e.g. BUILD_THREADS=1 (got "x").`
 */
export function resolveConfig(env: Env = process.env, root: string = PROJECT_ROOT): GeneratorConfig {
  const problems: string[] = [];
  const base = path.resolve(root);
  const config: GeneratorConfig = {
    root: base,
    outDir: outputFolder(env, base, problems),
    replaceExisting: flag(env, 'DIST_REPLACE_EXISTING', 'replace an output folder the build did not make', problems),
    staticDir: path.join(base, 'static'),
    contentDir: path.join(base, 'content'),
    photosDir: path.join(base, 'content', 'photos'),
    photoCacheDir: path.join(base, 'node_modules', '.cache', 'photos'),
    threads: threads(env, problems),
    production: production(env, problems),
    port: port(env, problems),
    devTrace: flag(env, 'DEV_TRACE', 'print the dev server\'s phase timings', problems),
  };
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}

/**
 * resolveConfig, or, when a variable is unusable, "<command> not started:" and one line per bad
 * variable on stderr (no stack).
 * @param command what the operator ran, e.g. "Build", "Server", "Deploy"
 * @returns the configuration, or undefined when it was reported unusable
 */
export function configOrReport(command: string): GeneratorConfig | undefined {
  try {
    return resolveConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error([`${command} not started:`, ...error.lines].join('\n'));
    return undefined;
  }
}

/** For the entry scripts: configOrReport, ending the process with exit code 1 when it reports. */
export function configForCommand(command: string): GeneratorConfig {
  return configOrReport(command) ?? process.exit(1);
}
