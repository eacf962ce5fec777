/**
 * lib/static-folder.ts on real temporary folders: the static folder itself as a symbolic link is
 * refused (it would publish whatever it points at), a real folder is listed.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listStaticFiles, StaticFolderError } from '../../lib/static-folder.ts';

const test = suite('listStaticFiles');

test('should refuse a static folder that is itself a symbolic link, and list a real one', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'static-folder-'));
  try {
    mkdirSync(path.join(tmp, 'someone'));
    writeFileSync(path.join(tmp, 'someone', 'taxes.txt'), 'tax return\n');
    symlinkSync(path.join(tmp, 'someone'), path.join(tmp, 'static'));
    const error = await listStaticFiles(path.join(tmp, 'static')).then(() => undefined, (e: unknown) => e);
    assert.instance(error, StaticFolderError);
    assert.is((error as Error).message, 'static/ is a symbolic link; only a real folder is published: replace the link with a folder holding copies of the files.');
    assert.equal(await listStaticFiles(path.join(tmp, 'someone')), ['/taxes.txt']);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test.run();
