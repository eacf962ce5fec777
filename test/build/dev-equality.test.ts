/**
 * The incremental `npm run dev` never serves a wrong page: on a copy of the project, one dev
 * server takes a sequence of saves of every kind (content, template, page, island, style sheet,
 * lib/ code, a new module, a renamed route, a deleted module and static file, a syntax error and
 * its fix), and at three points its output folder is compared with a fresh `npm run build` of the
 * same files: the same files, byte for byte, once the live-reload script is taken out of each
 * page. Three tabs are open all along (LiveReload clients that say their page, as the browser's
 * does), so the pages they show are finished and written ahead of the others, and their tabs
 * reloaded first. Then Ctrl+C of that dev server, SIGKILL of another and SIGKILL of the npm process
 * of a third (`npm run dev`), each in the middle of a rebuild, and SIGKILL of the npm process of a
 * fourth during its first build, leave none of their processes running. No timing is judged.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pidtree from 'pidtree';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { freePort } from '../../tooling/http.ts';
import { startProcess, startScript, type ScriptProcess } from '../../tooling/process.ts';
import { copyProject, saveFile, type ProjectCopy } from '../../tooling/project-copy.ts';

/** Generous: a rebuild on the shared 2-core machine under a parallel test load (not a speed gate). */
const WAIT_MS = 120_000;
/** Pages of the shipped content: the count the build lines report. */
const PAGES = buildRoutes(loadContent(PROJECT_CONTENT)).length;
/** The line the dev server prints after each build, good or failed. */
const BUILD_LINE = /^(Rebuilt after .*|Built \d+ pages .*|Build stopped: .*)$/gm;
/** The live-reload client's tag, as lib/serve/dev-output.ts adds it to every dev page. */
const LIVE_RELOAD_TAG = '<script src="/livereload.js" async></script>';

const test = suite('npm run dev equals npm run build');
let copy: ProjectCopy;
let dev: ScriptProcess;
const file = (name: string) => path.join(copy.root, name);

/** Polls until `check` returns a value (every 50 ms, at most `ms`). */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Build lines the server printed so far. */
const buildLines = () => dev.output().match(BUILD_LINE) ?? [];

/**
 * Applies `edit` (one or more writes) and waits until the dev server has printed a build line
 * naming `expect` after it, and then no further build line for a moment (an editor's save can be
 * two events).
 * @returns the build lines printed after the edit
 */
async function save(edit: () => Promise<void>, expect: RegExp): Promise<string[]> {
  const before = buildLines().length;
  await edit();
  await until(() => (buildLines().slice(before).some((l) => expect.test(l)) ? true : undefined), `a build line matching ${expect}`)
    .catch((error: Error) => { throw new Error(`${error.message}; the dev server's last lines:\n${dev.output().trim().split('\n').slice(-20).join('\n')}`); });
  let seen = buildLines().length;
  // Quiet for 500 ms: no rebuild is queued behind the one that printed.
  for (let quiet = 0; quiet < 10; quiet++) {
    await new Promise((r) => setTimeout(r, 50));
    if (buildLines().length !== seen) [seen, quiet] = [buildLines().length, 0];
  }
  return buildLines().slice(before);
}

/** Replaces `from` with `to` in a project file, saved as an editor's safe write (saveFile); fails when `from` is not there. */
async function replaceIn(name: string, from: string, to: string): Promise<void> {
  const text = await readFile(file(name), 'utf8');
  assert.ok(text.includes(from), `${name} holds ${JSON.stringify(from)}`);
  await saveFile(file(name), text.replace(from, to));
}

/** Every file under `dir` by site path, with its bytes (pages without the live-reload tag). */
async function folderFiles(dir: string, stripLiveReload: boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const site = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    let bytes = (await readFile(path.join(entry.parentPath, entry.name))).toString('latin1');
    if (stripLiveReload && site.endsWith('.html')) {
      assert.is(bytes.split(LIVE_RELOAD_TAG).length, 2, `${site} carries the live-reload script once`);
      bytes = bytes.replace(LIVE_RELOAD_TAG, '');
    }
    out.set(site, bytes);
  }
  return out;
}

/**
 * Builds the copy as it is now with `npm run build` into a folder of its own and compares the dev
 * output with it; resolves with the build's files.
 * @param built the files of an earlier fresh build of these very source files, byte for byte (the
 *   build makes the same bytes from the same files), which then stand for a new one
 */
async function assertSameAsBuild(label: string, built?: Map<string, string>): Promise<Map<string, string>> {
  const outDir = path.join(copy.root, `fresh-build-${label}`);
  let fresh = built;
  if (!fresh) {
    const build = startScript(['build.ts'], copy.root, { DIST_DIR: outDir });
    await build.waitFor(/pages, \d+ files generated|Build stopped/, WAIT_MS * 2);
    assert.not.match(build.output(), /Build stopped/, build.output());
    await build.stop();
    fresh = await folderFiles(outDir, false);
    await rm(outDir, { recursive: true, force: true });
  }
  const served = await folderFiles(path.join(copy.root, 'node_modules/.cache/dev-site'), true);
  assert.equal([...served.keys()].sort(), [...fresh.keys()].sort(), `${label}: the same files`);
  const differ = [...fresh].filter(([site, bytes]) => served.get(site) !== bytes).map(([site]) => site);
  assert.equal(differ, [], `${label}: the same bytes`);
  return fresh;
}

/** The fresh build of the first comparison, with the source files it was built from. */
let firstBuild: { files: Map<string, string>; home: string } | undefined;

/**
 * Starts the dev server on the copy and waits until it serves: its script run directly, or with
 * `viaNpm` as an operator does, `npm run dev` (npm, a shell, then the script).
 */
async function startDev(env: Record<string, string> = {}, viaNpm = false): Promise<ScriptProcess> {
  const vars = { PORT: String(await freePort()), ...env };
  const server = viaNpm ? startProcess('npm', ['run', 'dev'], copy.root, vars) : startScript(['scripts/dev.ts'], copy.root, vars);
  await server.waitFor(/Dev server at http/, WAIT_MS * 2);
  return server;
}

/** An open tab as the live-reload server sees it: a LiveReload client showing `page`. */
interface Tab {
  /** Reload messages received. */
  reloads: number;
  socket: WebSocket;
}

/**
 * Opens a LiveReload connection as a tab showing `page` would (hello, then info with its
 * address), and answers each reload with "painted", as the reloaded page does once on screen.
 */
async function openTab(base: string, page: string): Promise<Tab> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/livereload`);
  const tab: Tab = { reloads: 0, socket };
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.command === 'hello') socket.send(JSON.stringify({ command: 'info', url: `${base}${page}`, plugins: {} }));
    if (message.command === 'reload') {
      tab.reloads++;
      socket.send(JSON.stringify({ command: 'painted' }));
    }
  });
  socket.send(JSON.stringify({ command: 'hello', protocols: ['http://livereload.com/protocols/official-7'] }));
  return tab;
}

let tabs: Record<'grants' | 'keywords' | 'home', Tab>;

test.before(async () => {
  copy = await copyProject();
  dev = await startDev({ DEV_TRACE: '1' });
  const base = /Dev server at (http:\/\/127\.0\.0\.1:\d+)/.exec(dev.output())![1];
  tabs = { grants: await openTab(base, '/areas/grants/'), keywords: await openTab(base, '/keyword-analysis/'), home: await openTab(base, '/') };
});
test.after(async () => {
  for (const tab of Object.values(tabs ?? {})) tab.socket.terminate();
  await dev?.stop();
  await copy?.remove();
});

test('should equal a fresh build after content, template, page and island saves', async () => {
  const lines = await save(() => replaceIn('content/areas/grants.yaml', 'Our home base on Route 66', 'Our home on Route 66'), /content\/areas\/grants\.yaml/);
  assert.match(lines.join('\n'), new RegExp(`^Rebuilt after content/areas/grants\\.yaml: \\d+ of ${PAGES} pages changed, \\d+ ms\\.$`, 'm'), `an incremental rebuild, one line; the build lines were:\n${lines.join('\n')}`);
  assert.match(dev.output(), /^dev trace: \+\d+ ms live reload sent to the open tab /m, 'the open tabs were reloaded ahead of the other pages');
  assert.match(dev.output(), /^dev trace: \+\d+ ms open tab painted /m, 'the build waited for them to say they painted');
  assert.ok(tabs.grants.reloads >= 1, 'the tab on the changed page reloaded');
  await save(() => replaceIn('templates/Footer.tsx', '<dt>Outside these hours</dt>', '<dt>Outside our hours</dt>'), /templates\/Footer\.tsx/);
  await save(() => replaceIn('pages/AreaPage.tsx', 'Community features', 'What the community has'), /pages\/AreaPage\.tsx/);
  await save(() => replaceIn('islands/VideoPlayer.tsx', 'Play video: ', 'Play the video: '), /islands\/VideoPlayer\.tsx/);
  firstBuild = { files: await assertSameAsBuild('content-template-page-island'), home: await readFile(file('pages/HomePage.tsx'), 'utf8') };
});

test('should equal a fresh build after saves that change which islands the pages place, the open pages going first', async () => {
  // The open pages are finished before the others are rendered, for the islands the previous build
  // placed; without the home page's videos no page places VideoPlayer, so that guess is wrong and
  // the open pages must be finished and written again once the other pages are rendered.
  const removed = await save(() => replaceIn('pages/HomePage.tsx', '<VideoSection />', ''), /pages\/HomePage\.tsx/);
  assert.match(removed.join('\n'), /^Rebuilt after pages\/HomePage\.tsx: /m);
  await assertSameAsBuild('islands-removed');
  // The videos back where they were: the source files are again those of the first comparison.
  const home = await readFile(file('pages/HomePage.tsx'), 'utf8');
  const original = firstBuild?.home ?? home.replace('<Section title="Areas We Serve"', '<VideoSection />\n      <Section title="Areas We Serve"');
  await save(() => saveFile(file('pages/HomePage.tsx'), original), /pages\/HomePage\.tsx/);
  assert.match(original, '<VideoSection />');
  await assertSameAsBuild('islands-added', firstBuild?.files);
});

test('should equal a fresh build after a style sheet, lib/ code, a new module and a renamed route', async () => {
  await save(async () => writeFile(file('templates/styles/10-layout.css'), `${await readFile(file('templates/styles/10-layout.css'), 'utf8')}\n.footer-legal { letter-spacing: 0.01em; }\n`), /10-layout\.css/);
  const lib = await save(async () => writeFile(file('lib/text.ts'), `${await readFile(file('lib/text.ts'), 'utf8')}\n/** Saved by the dev equality test. */\nexport const SAVED_BY_TEST = 1;\n`), /lib\/text\.ts/);
  assert.match(lib.join('\n'), new RegExp(`Built ${PAGES} pages in \\d+ ms after a change to lib/text\\.ts`));
  assert.match(dev.output(), /^lib\/text\.ts changed: full rebuild in a fresh process\.$/m, 'the fallback is said in one line');
  await save(() => writeFile(file('templates/Extra.tsx'), "/** A line every page shows, added by the dev equality test. */\nexport function Extra() {\n  return <p className=\"footer-legal\">An extra line.</p>;\n}\n"), /templates\/Extra\.tsx/);
  await save(async () => {
    await replaceIn('templates/Layout.tsx', "import { Footer } from './Footer.tsx';", "import { Footer } from './Footer.tsx';\nimport { Extra } from './Extra.tsx';");
  }, /templates\/Layout\.tsx/);
  await save(() => replaceIn('templates/Layout.tsx', '<Footer />', '<Extra />\n        <Footer />'), /templates\/Layout\.tsx/);
  await save(() => rename(file('content/areas/milan.yaml'), file('content/areas/milan-village.yaml')), /content\/areas\/milan/);
  await assertSameAsBuild('style-lib-new-module-renamed-route');
});

test('should equal a fresh build after deleted files and a fixed syntax error', async () => {
  await save(async () => {
    await replaceIn('templates/Layout.tsx', '<Extra />\n        <Footer />', '<Footer />');
    await replaceIn('templates/Layout.tsx', "\nimport { Extra } from './Extra.tsx';", '');
  }, /templates\/Layout\.tsx/);
  await save(() => unlink(file('templates/Extra.tsx')), /templates\/Extra\.tsx/);
  await save(() => unlink(file('static/img/scene-forest.svg')), /static\/img\/scene-forest\.svg/);
  await save(() => writeFile(file('static/img/added.txt'), 'a static file added while the dev server runs\n'), /static\/img\/added\.txt/);
  const broken = await save(() => replaceIn('content/areas/grants.yaml', 'description: Our home on', 'description: \'We\'re home on'), /content\/areas\/grants\.yaml|Build stopped/);
  assert.match(broken.join('\n'), /^Build stopped: content\/areas\/grants\.yaml:\d+:\d+: /m, 'the error names the file and line');
  await save(() => replaceIn('content/areas/grants.yaml', 'description: \'We\'re home on', 'description: We are home on'), /content\/areas\/grants\.yaml/);
  // A page module read while an editor was still writing it (empty): its importers fail to link,
  // and the build after the save that completes it must not keep that failure.
  const home = await readFile(file('pages/HomePage.tsx'), 'utf8');
  const emptied = await save(() => writeFile(file('pages/HomePage.tsx'), ''), /Build stopped/);
  assert.match(emptied.join('\n'), /does not provide an export named 'HomePage'/);
  await save(() => writeFile(file('pages/HomePage.tsx'), home), /pages\/HomePage\.tsx/);
  await assertSameAsBuild('deleted-and-fixed');
});

/** The processes of `tree` still running 10 s on, or [] as soon as none is (a zombie, ended but not yet reaped, runs nothing). */
async function stillRunningAfter(tree: number[]): Promise<number[]> {
  const alive = (p: number) => { try { return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${p}/stat`, 'utf8')); } catch { return false; } };
  return until(() => (tree.some(alive) ? undefined : []), `the end of ${tree.join(', ')}`, 10_000).catch(() => tree.filter(alive));
}

/**
 * Every process of a dev server's tree (itself, the rebuilder, esbuild; with `viaNpm` also npm
 * and its shell), listed just before the signal, is gone after it: sent while the rebuild after
 * a save is under way, to the process started (npm with `viaNpm`), or to its whole group.
 * @param running a dev server already serving (started as startDev starts it), else a new one
 */
async function assertNoneLeftAfter(signal: 'SIGINT' | 'SIGKILL', toGroup: boolean, viaNpm = false, running?: ScriptProcess): Promise<void> {
  const server = running ?? await startDev({}, viaNpm);
  const pid = server.child.pid!;
  const tree: number[] = await pidtree(pid, { root: true });
  assert.ok(tree.length >= (viaNpm ? 4 : 3), `the dev server runs its rebuilder and esbuild (${tree.length} processes)`);
  const before = (server.output().match(BUILD_LINE) ?? []).length;
  await writeFile(file('content/areas/grants.yaml'), `${await readFile(file('content/areas/grants.yaml'), 'utf8')}\n# Saved before ${signal}.\n`);
  // Into the rebuild: the save is seen after about SETTLE_MS; the rebuild has not printed yet.
  await new Promise((r) => setTimeout(r, 80));
  const printed = (server.output().match(BUILD_LINE) ?? []).length > before;
  process.kill(toGroup ? -pid : pid, signal);
  const left = await stillRunningAfter(tree);
  await server.stop();
  assert.equal(left, [], `${signal}${printed ? ' (after the rebuild had printed)' : ''}: processes left running`);
}

test('should leave no process behind after Ctrl+C in the middle of a rebuild', async () => {
  // The dev server of the cases above, its tabs still open.
  await assertNoneLeftAfter('SIGINT', true, false, dev);
});

test('should leave no process behind after SIGKILL of the dev server in the middle of a rebuild', async () => {
  await assertNoneLeftAfter('SIGKILL', false);
});

test('should leave no process behind after SIGKILL of the npm process of npm run dev in the middle of a rebuild', async () => {
  await assertNoneLeftAfter('SIGKILL', false, true);
});

test('should leave no process behind after SIGKILL of the npm process of npm run dev during its first build', async () => {
  const server = startProcess('npm', ['run', 'dev'], copy.root, { PORT: String(await freePort()) });
  const pid = server.child.pid!;
  // The first build is under way once the dev server has started its build process.
  const tree = await until(async () => {
    const pids: number[] = await pidtree(pid, { root: true }).catch(() => []);
    const commands = pids.map((p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8'); } catch { return ''; } });
    return commands.some((c) => c.includes('dev-rebuilder')) ? pids : undefined;
  }, 'the build process of the first build');
  assert.not.match(server.output(), /Dev server at/, 'killed before the first build ended');
  process.kill(pid, 'SIGKILL');
  const left = await stillRunningAfter(tree);
  await server.stop();
  assert.equal(left, [], 'processes left running');
});

test.run();
