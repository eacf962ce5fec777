/**
 * Every relative link of the README and of docs/*.md resolves: the file or folder it names exists
 * in the repository, and its #anchor (or a same-page #anchor) is a heading of the target Markdown
 * file. Anchors are made from headings as GitHub makes them (lower case; characters other than
 * letters, digits, spaces, hyphens and underscores dropped; each space a hyphen; a repeated
 * heading gets -1, -2, ...: the github-slugger package's rules,
 * https://github.com/Flet/github-slugger). Links inside code (fenced blocks and `inline code`) are
 * not links; absolute URLs (https:, mailto:) are not checked here.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Markdown without fenced code blocks and inline code spans (whose text is no link or heading). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`\n][\s\S]*?\1/g, '');
}

/** GitHub's anchor of a heading's text (github-slugger, without its Unicode tables: the docs are in English). */
export function slug(heading: string): string {
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');
  return text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, repeated ones numbered as GitHub numbers them. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const noFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of noFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The targets of a Markdown file's inline links and images: `[text](target)`, without a title. */
export function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/**
 * The broken relative links of one Markdown file, as "file: target (why)".
 * @param file path relative to the repository root, e.g. "docs/publishing.md"
 */
export function brokenLinks(file: string, root = ROOT): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const broken: string[] = [];
  for (const target of linkTargets(source)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
    const targetFile = rawPath ? path.join(path.dirname(path.join(root, file)), decodeURIComponent(rawPath)) : path.join(root, file);
    if (!existsSync(targetFile)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(targetFile).isDirectory() || !targetFile.endsWith('.md')) {
      broken.push(`${file}: ${target} (an anchor into a file that is not Markdown)`);
      continue;
    }
    if (!anchors(readFileSync(targetFile, 'utf8')).has(decodeURIComponent(anchor))) broken.push(`${file}: ${target} (no heading with that anchor)`);
  }
  return broken;
}

const links = suite('documentation links');

links('should make anchors as GitHub does', () => {
  assert.is(slug("The owner's loop: edit, see, check, publish"), 'the-owners-loop-edit-see-check-publish');
  assert.is(slug('Passwords with `#` in `.env`: quote them'), 'passwords-with--in-env-quote-them');
  assert.is(slug('`npm run deploy -- --verify`'), 'npm-run-deploy------verify');
  assert.is(slug('Netlify and Cloudflare Pages (`_headers`, `_redirects`)'), 'netlify-and-cloudflare-pages-_headers-_redirects');
  assert.equal([...anchors('# A\n## Same\n```\n# not a heading\n```\n## Same\n')], ['a', 'same', 'same-1']);
});

links('should find links outside code only', () => {
  assert.equal(linkTargets('[a](docs/x.md#y) `[b](no.md)` ![c](img.png "t")\n```\n[d](no.md)\n```\n'), ['docs/x.md#y', 'img.png']);
});

links('should report a missing file, a missing anchor and a same-page anchor that is not there', () => {
  const dir = path.join(ROOT, 'node_modules/.cache/doc-links-test');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  writeFileSync(path.join(dir, 'docs/a.md'), '# A\n## Real heading\n');
  writeFileSync(path.join(dir, 'README.md'), '# R\n[ok](docs/a.md#real-heading) [gone](docs/b.md) [bad](docs/a.md#nope) [self](#r) [selfbad](#zz) [web](https://example.com/#x)\n');
  try {
    assert.equal(brokenLinks('README.md', dir), [
      'README.md: docs/b.md (no such file)',
      'README.md: docs/a.md#nope (no heading with that anchor)',
      'README.md: #zz (no heading with that anchor)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

links('should resolve every relative link and anchor of README.md and docs/*.md', async () => {
  const files = ['README.md', ...(await fg('docs/**/*.md', { cwd: ROOT }))];
  assert.ok(files.length > 5, 'the docs are found');
  assert.ok(files.flatMap((f) => linkTargets(readFileSync(path.join(ROOT, f), 'utf8'))).length > 30, 'the links are found');
  assert.equal(files.flatMap((f) => brokenLinks(f)), []);
});

links.run();
