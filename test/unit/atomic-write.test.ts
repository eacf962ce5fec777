/**
 * lib/atomic-write.ts writeFileAtomic: the new contents replace the file whole, with the mode
 * asked for; a write that fails leaves the old file as it was and no temporary file beside it.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileAtomic } from '../../lib/atomic-write.ts';

const test = suite('write a file atomically');
let tmp = '';
test.before.each(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'atomic-write-')); });
test.after.each(async () => { await rm(tmp, { recursive: true, force: true }); });

test('should replace the file with the new contents and the mode asked for', async () => {
  const file = path.join(tmp, '.env');
  await writeFile(file, 'old');
  await writeFileAtomic(file, 'DEPLOY_PASSWORD=x\n', { mode: 0o600 });
  assert.is(await readFile(file, 'utf8'), 'DEPLOY_PASSWORD=x\n');
  assert.is((await stat(file)).mode & 0o777, 0o600);
  assert.equal(await readdir(tmp), ['.env']);
});

test('should leave the old file and no temporary file when the write fails', async () => {
  const file = path.join(tmp, 'record.json');
  await writeFile(file, 'old');
  const error = await writeFileAtomic(file, 123 as unknown as string).then(() => null, (e: Error) => e);
  assert.ok(error, 'the write must fail');
  assert.is(await readFile(file, 'utf8'), 'old');
  assert.equal(await readdir(tmp), ['record.json']);
});

test.run();
