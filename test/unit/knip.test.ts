/**
 * Nothing without a user: knip (https://knip.dev) finds no unused file, export, exported type or
 * dependency in the project, nor a dependency used but not listed, from the entry points that
 * knip.jsonc names (besides the files of package.json's scripts). A canary proves the check can
 * fail: in a temporary project, an export nothing imports is reported.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';

const KNIP = path.join(ROOT, 'node_modules/.bin/knip');

/** knip's report of a project folder and its exit code (0: nothing found, 1: findings, 2: knip failed). */
function knip(dir: string): { status: number | null; report: string } {
  const r = spawnSync(KNIP, ['--directory', dir, '--no-progress', '--no-config-hints'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return { status: r.status, report: `${r.stdout}${r.stderr}`.trim() };
}

const unused = suite('knip');

unused('finds nothing unused in the project', () => {
  const { status, report } = knip(ROOT);
  assert.is(status, 0, `knip found what nothing uses (remove it, or name a missing entry point in knip.jsonc):\n${report}`);
});

unused('canary: an export nothing imports is reported', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'knip-canary-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'canary', private: true, type: 'module' }));
    writeFileSync(path.join(dir, 'index.ts'), "import { used } from './lib.ts';\nconsole.log(used);\n");
    writeFileSync(path.join(dir, 'lib.ts'), 'export const used = 1;\nexport const unusedCanary = 2;\n');
    const { status, report } = knip(dir);
    assert.is(status, 1, report);
    assert.match(report, /unusedCanary\s+lib\.ts:2/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

unused.run();
