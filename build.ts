/**
 * Builds the site into dist/: `npm run build`.
 * Reads top to bottom in lib/build-site.ts; this file only runs it and reports.
 * A content or settings mistake prints one line naming the file, record and field, and exits 1;
 * the previous dist/ is left as it was.
 */
import { ContentError } from './content/schema.ts';
import { buildSite, formatSummary } from './lib/build-site.ts';
import { OutputFolderError } from './lib/output-folder.ts';

try {
  const result = await buildSite({ progress: (line) => console.log(line) });
  console.log(formatSummary(result));
} catch (error) {
  if (error instanceof ContentError || error instanceof OutputFolderError) {
    console.error(`Build stopped, dist/ left unchanged:\n${error.message}`);
  } else {
    console.error('Build failed, dist/ left unchanged:');
    console.error(error);
  }
  process.exitCode = 1;
}
