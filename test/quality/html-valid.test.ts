/**
 * Gate: valid HTML. The W3C Nu Html Checker (vnu-jar, the checker behind validator.w3.org/nu)
 * reports 0 errors on every HTML file of the dist folder. Java starts once for the whole folder
 * together with a canary page holding a known error, so a checker that silently
 * checks nothing cannot pass.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST } from '../../tooling/browser.ts';
import { htmlFiles } from '../helpers/site.ts';

interface VnuMessage { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }

const require = createRequire(import.meta.url);
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');
const canaryDir = mkdtempSync(path.join(os.tmpdir(), 'vnu-canary-'));
const CANARY = path.join(canaryDir, 'duplicate-id.html');
writeFileSync(CANARY, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Canary</title></head><body><p id="x">a</p><p id="x">b</p></body></html>');

/** One vnu run over dist and the canary; messages grouped by file path. */
function runVnu(): Map<string, VnuMessage[]> {
  const r = spawnSync('java', ['-jar', VNU_JAR, '--skip-non-html', '--errors-only', '--format', 'json', DIST, canaryDir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  let parsed: { messages: VnuMessage[] };
  try {
    parsed = JSON.parse(r.stderr || r.stdout);
  } catch {
    throw new Error(`vnu printed no JSON (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const byFile = new Map<string, VnuMessage[]>();
  for (const m of parsed.messages) {
    const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : '(no file)';
    byFile.set(file, [...(byFile.get(file) ?? []), m]);
  }
  return byFile;
}

const results = runVnu();
rmSync(canaryDir, { recursive: true, force: true });

const vnu = suite('vnu (W3C Nu Html Checker)');

vnu('should report the duplicate id of the canary page (the checker really ran)', () => {
  const messages = results.get(CANARY) ?? [];
  assert.ok(messages.some((m) => m.type === 'error' && /Duplicate ID/.test(m.message)), JSON.stringify(messages));
});

vnu('should find HTML pages in the dist folder', () => {
  assert.ok(htmlFiles().length >= 30, `only ${htmlFiles().length} HTML files in ${DIST}`);
});

vnu('should report 0 errors on every HTML file of the dist folder', () => {
  const problems: string[] = [];
  for (const [file, messages] of results) {
    if (file === CANARY) continue;
    for (const m of messages) {
      problems.push(`${path.relative(DIST, file) || file}:${m.lastLine ?? '?'} ${m.type}: ${m.message}${m.extract ? `  [${m.extract.trim().slice(0, 120)}]` : ''}`);
    }
  }
  assert.equal(problems, []);
});

vnu.run();
