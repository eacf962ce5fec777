/**
 * The build summary (lib/build/summary.ts formatSummary): CSS KB per page, and a flag on every page
 * over 14 KB gzipped with a closing line counting them.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatSummary, type BuildResult, type PageReport } from '../../lib/build/summary.ts';

const page = (path: string, gzipBytes: number): PageReport => ({ path, bytes: 60_000, gzipBytes, cssBytes: 19_968, jsGzipBytes: 5_000, jsInteractionGzipBytes: 0, photoBytes: 0 });
const result = (pages: PageReport[]) => ({ pages, files: [], ms: 1234, routes: [], site: {}, photos: { count: 0, encoded: 0, reused: 0 } } as unknown as BuildResult);

const summary = suite('build summary');

summary('should show each page\'s inline CSS in KB', () => {
  const out = formatSummary(result([page('/', 13_000)]));
  assert.match(out.split('\n')[0], /CSS KB/);
  assert.match(out.split('\n')[1], /^\/\s+58\.6\s+12\.7\s+19\.5\s+4\.9\s+-\s+-$/);
});

summary('should flag a page over 14 KB gzipped and count them, and flag none at exactly 14 KB', () => {
  const out = formatSummary(result([page('/a/', 14 * 1024), page('/b/', 14 * 1024 + 1)]));
  const lines = out.split('\n');
  assert.not.match(lines[1], /over 14 KB/);
  assert.match(lines[2], /over 14 KB$/);
  assert.ok(lines.includes('1 page(s) over 14 KB gzipped: the whole page no longer arrives in the first round trip.'), out);
  assert.ok(lines.includes(`Warning: /b/ is 1 bytes over 14 KB gzipped: on a slow phone connection it no longer arrives in the first round trip, so a visitor waits longer to see the call button. Shorten that page's text (its About paragraphs, FAQ answers or list of places) until it fits.`), out);
  assert.not.ok(out.includes('Warning: /a/'), 'a page at exactly 14 KB is within the budget');
  assert.not.match(formatSummary(result([page('/a/', 100)])), /over 14 KB/);
});

summary.run();
