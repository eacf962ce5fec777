/**
 * The generator's configuration (lib/config.ts): each variable's default, a valid value, each kind
 * of bad value and its one-line message; all bad variables reported at once; the commands print
 * them without a stack and stop before doing anything.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, DEFAULT_PORT, PROJECT_ROOT, resolveConfig } from '../../lib/config.ts';
import { ROOT } from '../../tooling/browser.ts';

/** A project folder that is not this one, so paths are seen to come from `root`. */
const root = path.resolve('/srv/projects/locksmith');

/** The ConfigError's lines for `env`; fails when it resolves. */
function problems(env: Record<string, string>): string[] {
  try {
    resolveConfig(env, root);
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).message, (error as ConfigError).lines.join('\n'));
    return [...(error as ConfigError).lines];
  }
  assert.unreachable(`resolveConfig accepted ${JSON.stringify(env)}`);
  return [];
}

const defaults = suite('resolveConfig: defaults');

defaults('should resolve every setting with nothing set', () => {
  assert.equal({ ...resolveConfig({}, root) }, {
    root,
    outDir: path.join(root, 'dist'),
    replaceExisting: false,
    staticDir: path.join(root, 'static'),
    contentDir: path.join(root, 'content'),
    photosDir: path.join(root, 'content', 'photos'),
    photoCacheDir: path.join(root, 'node_modules', '.cache', 'photos'),
    threads: undefined,
    production: true,
    port: DEFAULT_PORT,
    devTrace: false,
  });
  assert.is(DEFAULT_PORT, 8080);
});

defaults('should treat an empty value as unset (VAR= npm run build)', () => {
  assert.equal(resolveConfig({ DIST_DIR: '', DIST_REPLACE_EXISTING: '', BUILD_THREADS: '', NODE_ENV: '', PORT: '', DEV_TRACE: '' }, root), resolveConfig({}, root));
});

defaults('should be frozen, and take this project and process.env when given nothing', () => {
  const config = resolveConfig({}, root);
  assert.ok(Object.isFrozen(config));
  assert.throws(() => { (config as { port: number }).port = 1; });
  assert.is(PROJECT_ROOT, ROOT);
  const saved = process.env.PORT;
  process.env.PORT = '4321';
  try {
    assert.is(resolveConfig().port, 4321);
    assert.is(resolveConfig().root, ROOT);
  } finally {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  }
});
defaults.run();

const dist = suite('DIST_DIR and DIST_REPLACE_EXISTING');

dist('should resolve a relative DIST_DIR against the project folder, and keep an absolute one', () => {
  assert.is(resolveConfig({ DIST_DIR: 'out/site' }, root).outDir, path.join(root, 'out', 'site'));
  assert.is(resolveConfig({ DIST_DIR: '../site-build' }, root).outDir, path.resolve(root, '..', 'site-build'));
  assert.is(resolveConfig({ DIST_DIR: '/var/www/site' }, root).outDir, '/var/www/site');
});

dist('should refuse the project folder, a folder holding it, and static/ or content/', () => {
  const own = (v: string) => `DIST_DIR must be a folder of its own for the built site (a build replaces all of it), not the project folder or a folder holding it, e.g. DIST_DIR=dist (got "${v}").`;
  const inside = (v: string) => `DIST_DIR must be a folder outside static/ and content/ (the build reads them and replaces the whole output folder), e.g. DIST_DIR=dist (got "${v}").`;
  for (const v of ['.', '..', root, '/']) assert.equal(problems({ DIST_DIR: v }), [own(v)], v);
  for (const v of ['static', 'static/out', 'content/photos', `${root}/content`]) assert.equal(problems({ DIST_DIR: v }), [inside(v)], v);
  // Names that only start like them are other folders.
  assert.is(resolveConfig({ DIST_DIR: 'static-site' }, root).outDir, path.join(root, 'static-site'));
});

dist('should take DIST_REPLACE_EXISTING as 1 or 0 only', () => {
  assert.is(resolveConfig({ DIST_REPLACE_EXISTING: '1' }, root).replaceExisting, true);
  assert.is(resolveConfig({ DIST_REPLACE_EXISTING: '0' }, root).replaceExisting, false);
  for (const v of ['yes', 'true', '2']) {
    assert.equal(problems({ DIST_REPLACE_EXISTING: v }), [`DIST_REPLACE_EXISTING must be 1 (replace an output folder the build did not make) or 0, e.g. DIST_REPLACE_EXISTING=1 (got "${v}").`]);
  }
});
dist.run();

const numbers = suite('BUILD_THREADS and PORT');

numbers('should take a whole number of threads from 1', () => {
  assert.is(resolveConfig({ BUILD_THREADS: '1' }, root).threads, 1);
  assert.is(resolveConfig({ BUILD_THREADS: '3' }, root).threads, 3);
  for (const v of ['x', 'two', '0', '-1', '1.5', '0x2', '1e1', ' ']) {
    assert.equal(problems({ BUILD_THREADS: v }), [`BUILD_THREADS must be a whole number of threads, at least 1, e.g. BUILD_THREADS=1 (got "${v}").`], v);
  }
});

numbers('should take a port from 0 to 65535', () => {
  assert.is(resolveConfig({ PORT: '3000' }, root).port, 3000);
  assert.is(resolveConfig({ PORT: '0' }, root).port, 0);
  assert.is(resolveConfig({ PORT: '65535' }, root).port, 65535);
  for (const v of ['65536', 'http', '-1', '80.5', 'auto']) {
    assert.equal(problems({ PORT: v }), [`PORT must be a whole number from 0 to 65535 (0: any free port), e.g. PORT=3000 (got "${v}").`], v);
  }
});
numbers.run();

const modes = suite('NODE_ENV and DEV_TRACE');

modes('should build for production unless NODE_ENV is development', () => {
  assert.is(resolveConfig({ NODE_ENV: 'production' }, root).production, true);
  assert.is(resolveConfig({ NODE_ENV: 'development' }, root).production, false);
  for (const v of ['prod', 'dev', 'Production']) {
    assert.equal(problems({ NODE_ENV: v }), [`NODE_ENV must be "production" (the default) or "development" (the browser logger keeps debug lines, the service worker is not minified), e.g. NODE_ENV=production (got "${v}").`], v);
  }
});

modes('should take DEV_TRACE as 1 or 0 only', () => {
  assert.is(resolveConfig({ DEV_TRACE: '1' }, root).devTrace, true);
  assert.is(resolveConfig({ DEV_TRACE: '0' }, root).devTrace, false);
  assert.equal(problems({ DEV_TRACE: 'on' }), ['DEV_TRACE must be 1 (print the dev server\'s phase timings) or 0, e.g. DEV_TRACE=1 (got "on").']);
});
modes.run();

const all = suite('every bad variable at once');

all('should name each bad variable on a line of its own, in one error', () => {
  const lines = problems({ DIST_DIR: '.', BUILD_THREADS: 'x', NODE_ENV: 'prod', PORT: 'http', DEV_TRACE: 'on', DIST_REPLACE_EXISTING: 'yes' });
  assert.equal(lines.map((l) => l.split(' ')[0]), ['DIST_DIR', 'DIST_REPLACE_EXISTING', 'BUILD_THREADS', 'NODE_ENV', 'PORT', 'DEV_TRACE']);
});

/** Runs an entry script with `env` added; its exit code and both outputs. */
function run(script: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

all('should stop npm run build and npm run serve with the lines and no stack, before any work', () => {
  const build = run('build.ts', { BUILD_THREADS: 'x', PORT: 'http', DIST_DIR: path.join(ROOT, 'test/.never-built') });
  assert.is(build.code, 1, build.out + build.err);
  assert.is(build.err.trim(), [
    'Build not started:',
    'BUILD_THREADS must be a whole number of threads, at least 1, e.g. BUILD_THREADS=1 (got "x").',
    'PORT must be a whole number from 0 to 65535 (0: any free port), e.g. PORT=3000 (got "http").',
  ].join('\n'));
  assert.is(build.out, '', 'nothing was built');
  const serve = run('scripts/serve.ts', { PORT: 'http' });
  assert.is(serve.code, 1);
  assert.is(serve.err.trim(), 'Server not started:\nPORT must be a whole number from 0 to 65535 (0: any free port), e.g. PORT=3000 (got "http").');
});
all('should have runBuild return 1 on a bad variable, not end the process that called it', async () => {
  const { runBuild } = await import('../../build.ts');
  const saved = { threads: process.env.BUILD_THREADS, error: console.error };
  const printed: string[] = [];
  process.env.BUILD_THREADS = 'x';
  console.error = (...args: unknown[]) => { printed.push(args.join(' ')); };
  try {
    assert.is(await runBuild(), 1);
  } finally {
    console.error = saved.error;
    if (saved.threads === undefined) delete process.env.BUILD_THREADS;
    else process.env.BUILD_THREADS = saved.threads;
  }
  assert.is(printed.join('\n'), 'Build not started:\nBUILD_THREADS must be a whole number of threads, at least 1, e.g. BUILD_THREADS=1 (got "x").');
});
all.run();
