/** The project's own content folder, read once when a test or a script loads this module. */
import path from 'node:path';
import { readContent, type RawContent } from '../lib/content/read-content.ts';
import { ROOT } from './browser.ts';

/** The raw content of the project's content/ folder, each collection in display order. */
export const PROJECT_CONTENT: RawContent = readContent(path.join(ROOT, 'content')).raw;
