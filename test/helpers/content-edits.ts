/**
 * The project's content with one change, and the ContentError loadContent throws for it: what
 * the content and settings tests edit and read; and an edit of a YAML content file on disk.
 */
import { readFile, writeFile } from 'node:fs/promises';
import YAML from 'yaml';
import { ContentError } from '../../lib/content/schema.ts';
import { loadContent, type RawContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';

/** A deep copy of the project's content with one change. */
export function withChange(change: (c: any) => void): RawContent {
  const copy = structuredClone(PROJECT_CONTENT) as any;
  change(copy);
  return copy;
}

/**
 * The ContentError loadContent throws for `raw`.
 * @throws Error when it throws nothing, or rethrows anything but a ContentError
 */
export function contentErrorOf(raw: RawContent): ContentError {
  try {
    loadContent(raw);
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error('expected loadContent to throw');
}

/**
 * Changes a YAML content file on disk, as an owner's edit would: the file is read, `change` edits
 * its data, and the data is written back as YAML (comments are not kept: tests only).
 * @param file the file's path, e.g. "<copy>/content/settings.yaml"
 */
export async function editYamlFile(file: string, change: (data: any) => void): Promise<void> {
  const data = YAML.parse(await readFile(file, 'utf8'));
  change(data);
  await writeFile(file, YAML.stringify(data, { lineWidth: 0 }));
}
