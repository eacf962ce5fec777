/** `npm run similarity`: how much text the built area pages share (lib/area-similarity.ts); exits 1 when a target is missed. */
import { formatSimilarity, measureSimilarity, meetsTargets, readBuiltAreaPages, thinPageWarnings } from '../lib/area-similarity.ts';
import { configForCommand } from '../lib/config.ts';
import { loadProjectContent } from '../lib/content/load-content.ts';

const config = configForCommand('Similarity');
const report = measureSimilarity(readBuiltAreaPages(config.outDir, loadProjectContent(config.contentDir).areas));
console.log(formatSimilarity(report));
for (const w of thinPageWarnings(report, (slug) => `/areas/${slug}/`)) console.log(`Warning: ${w}`);
if (!meetsTargets(report)) process.exitCode = 1;
