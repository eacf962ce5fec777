/**
 * The output folder always holds a complete site. A build that fails on bad content leaves the
 * previous one intact; a real build process killed at each named step of the write and the swap
 * (test/helpers/build-at-step.ts, the seam of lib/output-folder.ts) leaves the complete old or new site, or one that the next
 * `npm run serve` (restoreOutput) and the next build restore, with no temporary folder left; a
 * second build waits for the first; a symbolic link is written through; a mount point (tmpfs,
 * when run as root) works; a folder holding someone else's files is not replaced unless the
 * operator says so. The killed processes replay one recorded build (test/helpers/build-at-step.ts
 * REPLAY_BUILD) rather than generate the site each time; one real `npm run build` after the
 * crashes shows the generator's own run ends the same.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../lib/content/schema.ts';
import { buildToFolder } from '../../build.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { markOutput, resolveOutput, restoreOutput, type WriteStep } from '../../lib/output-folder.ts';
import { ROOT } from '../../tooling/browser.ts';
import { resolveConfig } from '../../lib/config.ts';
import { buildSite } from '../../lib/build/build-site.ts';
import type { BuildResult } from '../../lib/build/summary.ts';
import { writeSite } from '../../lib/write.ts';
import { recordBuild } from '../helpers/build-at-step.ts';

const atomic = suite('buildSite atomicity');
let tmp = '';
atomic.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'atomic-')); });
atomic.after(async () => { await rm(tmp, { recursive: true, force: true }); });

/** The build of the project's content in the first case, which the killed builds below replay. */
let projectBuild: BuildResult | undefined;

atomic('should leave the previous output untouched when content is bad', async () => {
  const out = path.join(tmp, 'dist');
  projectBuild = await buildToFolder({ config: { ...resolveConfig(), outDir: out } });
  const before = await readFile(path.join(out, 'index.html'), 'utf8');
  const bad = structuredClone(PROJECT_CONTENT) as any;
  bad.settings.phone = 'not a phone';
  bad.settings.name = 'Changed Name That Must Not Appear';
  try {
    await buildToFolder({ config: { ...resolveConfig(), outDir: out }, content: bad });
    assert.unreachable('the bad build should throw');
  } catch (e) {
    assert.instance(e, ContentError);
  }
  assert.is(await readFile(path.join(out, 'index.html'), 'utf8'), before);
  const leftovers = (await readdir(tmp)).filter((f) => f !== 'dist' && f !== '.dist-made');
  assert.equal(leftovers, [], 'no temporary folders are left behind');
});

atomic('should replace the output when the build succeeds', async () => {
  const out = path.join(tmp, 'dist');
  const renamed = structuredClone(PROJECT_CONTENT) as any;
  renamed.settings.name = 'Mesa Key Test Co';
  await buildToFolder({ config: { ...resolveConfig(), outDir: out }, content: renamed });
  assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), 'Mesa Key Test Co');
});
atomic.run();

/**
 * Every file under `dir` (dot-files too) with the SHA-1 of its bytes, sorted; [] when `dir` is
 * missing. The marker that the build made a folder swapped in place (.build-made) is not the site's.
 */
function snapshot(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile() && !(e.parentPath === dir && e.name === '.build-made'))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(dir, file)} ${createHash('sha1').update(readFileSync(file)).digest('hex')}`;
    })
    .sort();
}

/**
 * Runs `npm run build`'s entry in a process of its own; resolves with how it ended and its output.
 * The process replays the site recorded in kills.before instead of generating it again
 * (test/helpers/build-at-step.ts REPLAY_BUILD): everything from writing the output folder on is
 * the real build's; `real` runs build.ts itself, generator included.
 * @param at "<step>:kill" or "<step>:wait:<file>": the build runs with that hook at that step of the
 *   write (test/helpers/build-at-step.ts)
 */
function build(env: Record<string, string>, onOutput?: (s: string) => void, at?: string, real = false): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const entry = real ? ['build.ts'] : ['test/helpers/build-at-step.ts', ...(at === undefined ? [] : [at])];
    const replay = real ? {} : { REPLAY_BUILD: recorded() };
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry], { cwd: ROOT, env: { ...process.env, ...replay, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (d: Buffer) => { out += d; onOutput?.(String(d)); };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out }));
  });
}

const kills = suite('output folder: builds killed at each step');
let work = '';
let newSite: string[] = [];
let oldSite: string[] = [];
const reference = () => path.join(work, 'reference');
const recorded = () => path.join(work, 'recorded-build');
/** The "old" site: the new one with a marker file and a changed home page, recorded as made by a build. */
async function makeOld(dir: string): Promise<void> {
  cpSync(reference(), dir, { recursive: true });
  writeFileSync(path.join(dir, 'old-site.txt'), 'the previous build\n');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>old</title>');
  await markOutput(await resolveOutput(dir), [dir]);
}

kills.before(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'atomic-kill-'));
  const config = { ...resolveConfig(), outDir: reference() };
  const result = projectBuild ?? await buildSite({ config });
  await writeSite(result.files, config.staticDir, config.outDir);
  recordBuild(result, recorded());
  newSite = snapshot(reference());
  await makeOld(path.join(work, 'old'));
  oldSite = snapshot(path.join(work, 'old'));
  assert.ok(newSite.length > 50 && newSite.some((f) => f.startsWith('.htaccess ')));
});
kills.after(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Temporary folders and locks beside (or inside) the output folder; not the marker that the build made it. */
const leftovers = (dir: string) => [...readdirSync(path.dirname(dir)), ...(existsSync(dir) ? readdirSync(dir) : [])].filter((n) => /^\.(dist|build)[-.]/.test(n) && !n.endsWith('-made'));

const SWAP_STEPS: WriteStep[] = ['writing', 'written', 'moved-old', 'moving-in', 'swapped'];
const IN_PLACE_STEPS: WriteStep[] = ['written', 'moving-old', 'moved-old', 'moving-in', 'swapped'];

kills('should leave the complete old or new site at every step, restored by the next serve', async () => {
  for (const step of SWAP_STEPS) {
    const dist = path.join(work, step, 'dist');
    await makeOld(dist);
    const killed = await build({ DIST_DIR: dist }, undefined, `${step}:kill`);
    assert.is(killed.signal, 'SIGKILL', `${step}: ${killed.out}`);
    assert.match(killed.out, `write step ${step}: kill`);
    const now = snapshot(dist);
    // Between the two renames the folder is briefly missing; at every other step it is whole.
    if (step === 'moved-old') assert.equal(now, [], 'moved-old: the gap the next serve or build closes');
    else assert.ok(now.join() === oldSite.join() || now.join() === newSite.join(), `${step}: neither the old nor the new site`);
    const notes = await restoreOutput(dist);
    const expected = SWAP_STEPS.indexOf(step) >= SWAP_STEPS.indexOf('moved-old') ? newSite : oldSite;
    assert.equal(snapshot(dist), expected, `${step}: after restoring`);
    assert.equal(leftovers(dist), [], `${step}: temporary folders left (${notes.join(' ')})`);
    assert.ok(notes.length > 0, `${step}: the restore says what it did`);
  }
});

kills('should have the next build restore and sweep, and npm run serve serve the restored site', async () => {
  const dist = path.join(work, 'next', 'dist');
  await makeOld(dist);
  assert.is((await build({ DIST_DIR: dist }, undefined, 'moved-old:kill')).signal, 'SIGKILL');
  assert.is((await build({ DIST_DIR: dist }, undefined, 'writing:kill')).signal, 'SIGKILL', 'a second crash, on top of the first');
  assert.equal(snapshot(dist), newSite, 'the killed build restored the first one\'s complete new site first');
  await makeOld(path.join(work, 'next', 'again'));
  assert.is((await build({ DIST_DIR: dist }, undefined, 'moved-old:kill')).signal, 'SIGKILL');
  assert.ok(!existsSync(dist));
  // npm run serve (scripts/serve.ts) restores before it serves.
  const serve = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--dir', dist, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      serve.stdout.on('data', (d) => { out += d; const m = /at (http:\/\/\S+)/.exec(out); if (m) resolve(m[1]); });
      serve.stderr.on('data', (d) => { out += d; });
      serve.on('close', () => reject(new Error(`serve ended: ${out}`)));
    });
    assert.match(out, /restored the new site/);
    const res = await fetch(`${url}/`);
    assert.is(res.status, 200);
    assert.is(await res.text(), readFileSync(path.join(reference(), 'index.html'), 'utf8'));
  } finally {
    serve.kill('SIGKILL');
  }
  assert.equal(snapshot(dist), newSite);
  // build.ts itself, generator and all, after the crashes: the same complete site, nothing left over.
  const next = await build({ DIST_DIR: dist }, undefined, undefined, true);
  assert.is(next.code, 0, next.out);
  assert.equal(snapshot(dist), newSite);
  assert.equal(leftovers(dist), []);
});

kills('should make a second build wait for the first, then both succeed', async () => {
  const dist = path.join(work, 'two', 'dist');
  await makeOld(dist);
  const hold = path.join(work, 'two', 'hold');
  writeFileSync(hold, '');
  let firstHeld!: () => void;
  const held = new Promise<void>((r) => { firstHeld = r; });
  const first = build({ DIST_DIR: dist }, (s) => { if (s.includes('write step written: wait')) firstHeld(); }, `written:wait:${hold}`);
  await held;
  // The first build holds the lock until `hold` is gone; it goes once the second says it waits.
  const second = await build({ DIST_DIR: dist }, (s) => { if (s.includes('waiting for it to finish')) rmSync(hold, { force: true }); });
  const one = await first;
  assert.is(one.code, 0, one.out);
  assert.is(second.code, 0, second.out);
  assert.match(second.out, `Another build is writing ${dist}; waiting for it to finish.`);
  assert.not.ok(existsSync(hold), 'the first build was released by the second one waiting');
  assert.equal(snapshot(dist), newSite);
  assert.equal(leftovers(dist), []);
});

kills('should write through a symbolic link, and refuse one that points nowhere with one line', async () => {
  const target = path.join(work, 'webroot', 'site');
  await makeOld(target);
  const link = path.join(work, 'link', 'dist');
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(target, link);
  const res = await build({ DIST_DIR: link });
  assert.is(res.code, 0, res.out);
  assert.ok(lstatSync(link).isSymbolicLink(), 'the link stays a link');
  assert.is(readlinkSync(link), target);
  assert.equal(snapshot(target), newSite, 'the target holds the new site');
  assert.equal(leftovers(link), []);
  assert.equal(leftovers(target), []);

  const dangling = path.join(work, 'link', 'nowhere');
  symlinkSync(path.join(work, 'no-such-folder'), dangling);
  const bad = await build({ DIST_DIR: dangling });
  assert.is(bad.code, 1);
  assert.match(bad.out, `${dangling} is a symbolic link to ${path.join(work, 'no-such-folder')}, which does not exist`);
  assert.ok(lstatSync(dangling).isSymbolicLink() && !existsSync(path.join(work, 'no-such-folder')), 'nothing replaced or created');
});

kills('should refuse to replace a folder it did not make, with one line, unless told to', async () => {
  const theirs = path.join(work, 'someone', 'folder');
  mkdirSync(theirs, { recursive: true });
  writeFileSync(path.join(theirs, 'taxes.txt'), 'tax return\n');
  const refused = await build({ DIST_DIR: theirs });
  assert.is(refused.code, 1, refused.out);
  assert.match(refused.out, `${theirs} holds files the build did not make (taxes.txt), and a build replaces the whole folder: set DIST_DIR to a new or empty folder`);
  assert.match(refused.out, 'DIST_REPLACE_EXISTING=1');
  assert.is(readFileSync(path.join(theirs, 'taxes.txt'), 'utf8'), 'tax return\n');
  assert.equal(readdirSync(theirs), ['taxes.txt']);
  // A web root the site was once uploaded to holds the .htaccess a build wrote: still not the build's folder.
  writeFileSync(path.join(theirs, '.htaccess'), '# Generated by lib/site-files/hosting.ts from the build\n');
  assert.is((await build({ DIST_DIR: theirs })).code, 1, 'a copied .htaccess does not let the build replace the folder');
  assert.is(readFileSync(path.join(theirs, 'taxes.txt'), 'utf8'), 'tax return\n');
  unlinkSync(path.join(theirs, '.htaccess'));
  // A link to such a folder (a dist/ linked to a web root) is refused the same way.
  const link = path.join(work, 'someone', 'dist');
  symlinkSync(theirs, link);
  assert.is((await build({ DIST_DIR: link })).code, 1);
  assert.ok(existsSync(path.join(theirs, 'taxes.txt')));
  // Told to, it replaces the folder; the next build needs no telling, and an empty folder none either.
  const told = await build({ DIST_DIR: link, DIST_REPLACE_EXISTING: '1' });
  assert.is(told.code, 0, told.out);
  assert.equal(snapshot(theirs), newSite);
  assert.is((await build({ DIST_DIR: link })).code, 0);
  const empty = path.join(work, 'someone', 'empty');
  mkdirSync(empty);
  assert.is((await build({ DIST_DIR: empty })).code, 0);
});

kills('should build into a mount point, and keep the invariant when killed there (tmpfs; needs root)', async () => {
  const mount = path.join(work, 'mnt');
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mount], { stdio: 'pipe' });
  } catch (error) {
    console.log(`Mount point case not run: cannot mount a tmpfs here (${String((error as Error).message).split('\n')[0]}); it needs root.`);
    return;
  }
  try {
    const first = await build({ DIST_DIR: mount });
    assert.is(first.code, 0, first.out);
    assert.equal(snapshot(mount), newSite);
    // The steps where moving entries differs from renaming the folder (writing is the same).
    for (const step of IN_PLACE_STEPS) {
      for (const name of readdirSync(mount)) await rm(path.join(mount, name), { recursive: true, force: true });
      await makeOld(mount);
      const killed = await build({ DIST_DIR: mount }, undefined, `${step}:kill`);
      assert.is(killed.signal, 'SIGKILL', `${step}: ${killed.out}`);
      await restoreOutput(mount);
      const expected = IN_PLACE_STEPS.indexOf(step) >= IN_PLACE_STEPS.indexOf('moving-old') ? newSite : oldSite;
      assert.equal(snapshot(mount), expected, `${step}: after restoring`);
      assert.equal(leftovers(mount), [], step);
    }
  } finally {
    execFileSync('umount', [mount]);
  }
});

kills.run();
