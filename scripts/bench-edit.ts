/**
 * Editor benchmark (`npm run bench:edit`, docs/benchmarks.md): a real `npm run edit` on a copy of
 * the project, `--saves` saves (default 7) of a community's description through the editor's HTTP
 * interface, each timed from sending it to the first preview answer holding the new text; prints
 * "save-to-preview median M ms (min A ms, max B ms) over N saves" last. Not a test.
 */
import { parseArgs } from 'node:util';
import { startEditorIn } from '../tooling/editor-client.ts';
import { copyProject } from '../tooling/project-copy.ts';

const { values } = parseArgs({ options: { saves: { type: 'string', default: '7' } } });
const saves = Number(values.saves);
if (!Number.isInteger(saves) || saves < 1) {
  console.error(`--saves must be a whole number, at least 1 (got "${values.saves}").`);
  process.exit(1);
}

const FILE = 'content/areas/grants.yaml';
const PAGE = '/areas/grants/';
const copy = await copyProject();
const editor = await startEditorIn(copy.root);
try {
  const times: number[] = [];
  // One save first, not timed: the first build after start-up makes every kept result once.
  for (let i = 0; i <= saves; i++) {
    const record = (await editor.get(`/api/record?file=${FILE}`)).body;
    const description = `Our home base on Route 66, saved through the editor, save number ${i + 1}.`;
    const t0 = performance.now();
    const saved = await editor.post('/api/save', { file: FILE, hash: record.hash, data: { ...record.data, description } });
    if (saved.status !== 200) throw new Error(`save ${i + 1}: ${saved.status} ${JSON.stringify(saved.body)}`);
    let tries = 0;
    while (!(await (await fetch(`${editor.previewUrl}${PAGE}`)).text()).includes(description)) {
      if (++tries > 1000) throw new Error(`save ${i + 1}: the preview never showed it`);
    }
    const ms = performance.now() - t0;
    if (i > 0) times.push(ms);
    console.log(`save ${i + 1}: ${ms.toFixed(0)} ms${i === 0 ? ' (warm-up, not counted)' : ''}${tries ? ` (${tries} extra preview requests)` : ''}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`save-to-preview median ${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms) over ${times.length} saves`);
} finally {
  await editor.stop();
  await copy.remove();
}
