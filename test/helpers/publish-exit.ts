/**
 * An editor process that exits in the middle of a publish, for test/edit/publish.test.ts: starts
 * a deploy with the publish code (lib/edit/publish.ts) for the project folder given (its `.env`),
 * with this process's environment, and at the deploy's first uploaded file prints
 * "exiting" and exits, as `npm run edit` does on Ctrl+C.
 * Usage: tsx test/helpers/publish-exit.ts ROOT OUT_DIR
 */
import { resolveConfig } from '../../lib/config.ts';
import { publishRun, startPublish } from '../../lib/edit/publish.ts';

const [root, outDir] = process.argv.slice(2);
const ctx = { root, config: resolveConfig({ DIST_DIR: outDir }), say: () => {}, afterPublish: async () => {}, env: process.env };
const run = startPublish(ctx, { allowSample: true });
const timer = setInterval(() => {
  const state = publishRun(run.id)!;
  if (state.done) {
    console.log(`ended before a file: ${JSON.stringify(state.events.slice(-2))}`);
    process.exit(1);
  }
  if (state.events.some((e) => e.type === 'progress')) {
    clearInterval(timer);
    console.log('exiting');
    process.exit(0);
  }
}, 20);
