/**
 * How much of the area pages' text is shared between them, on each page's visible text inside
 * `<main>`: words in lower case, runs of letters and digits ("I-40" is "i" and "40"); the page's
 * own town name, in every form the page uses, replaced by one placeholder word; shingles of five
 * consecutive words inside one sentence (sentences end at ".", "!", "?" and at the end of a block:
 * a paragraph, a heading, a list item; a shorter sentence is one shingle); pair similarity the
 * Jaccard index of two pages' shingle sets; own-text share the share of a page's words in
 * sentences found on no other area page. Search engines treat near-duplicate pages aimed at
 * different towns as doorway pages (https://developers.google.com/search/docs/essentials/spam-policies#doorways);
 * SIMILARITY_TARGETS are this project's own targets for area pages written for their town.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractPageText } from './html.ts';
import type { Community } from './content/schema.ts';
import { wordsOf } from './content/coverage.ts';

/** The targets: highest pair and median pair at most these, every page's own-text share at least this. */
export const SIMILARITY_TARGETS = { highestPair: 0.40, medianPair: 0.30, ownShare: 0.40 } as const;

const SHINGLE_WORDS = 5;
const PLACEHOLDER = 'townname';

/** One area page to measure. */
export interface AreaPageText {
  /** The page's slug, e.g. "acoma". */
  slug: string;
  /** Every form of the town's name the page uses, e.g. ["Acoma Pueblo", "Acoma"]. */
  names: string[];
  /** The page's visible text inside <main>, as blocks (mainTextBlocks). */
  blocks: string[];
}

/** The figures of one page. */
interface PageFigures {
  slug: string;
  words: number;
  /** Share of its words in sentences on no other area page, 0 to 1. */
  ownShare: number;
  /** The most similar other page and the Jaccard index of the pair. */
  closest: { slug: string; jaccard: number };
}

/** The figures of a set of area pages. */
export interface SimilarityReport {
  pages: PageFigures[];
  highest: { a: string; b: string; jaccard: number };
  /** Median Jaccard index over all pairs. */
  median: number;
  /** The page with the lowest own-text share. */
  lowestOwn: { slug: string; ownShare: number };
}

/** The visible text inside `<main>`, one block per paragraph, heading, list item... @throws Error without a <main> */
export function mainTextBlocks(html: string): string[] {
  if (!/<main[\s>]/i.test(html)) throw new Error('The page has no <main> element.');
  return extractPageText(html).text.split('\n').filter(Boolean);
}

/** The forms of a community's name its page uses: "Acoma Pueblo", "Acoma", the slug as words. */
export function nameForms(c: Pick<Community, 'name' | 'slug'>): string[] {
  return [...new Set([c.name, c.name.replace(/\s+Pueblo$/i, ''), c.slug.replace(/-/g, ' ')])];
}

/** Replaces each run of words that spells one of `names` (longest first) with the placeholder. */
function withPlaceholder(words: string[], names: string[]): string[] {
  const forms = [...new Set(names.map((n) => wordsOf(n).join(' ')))].filter(Boolean).map((n) => n.split(' ')).sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const form = forms.find((f) => f.every((w, k) => words[i + k] === w));
    if (form) { out.push(PLACEHOLDER); i += form.length; } else { out.push(words[i]); i += 1; }
  }
  return out;
}

/** A page's sentences, each as its words with the placeholder. */
function sentencesOf(page: AreaPageText): string[][] {
  return page.blocks
    .flatMap((block) => block.split(/(?<=[.!?])\s+/))
    .map((s) => withPlaceholder(wordsOf(s), page.names))
    .filter((w) => w.length > 0);
}

/** The set of five-word shingles of a page (inside one sentence or shorter block each). */
function shinglesOf(sentences: string[][]): Set<string> {
  const set = new Set<string>();
  for (const words of sentences) {
    if (words.length < SHINGLE_WORDS) { set.add(words.join(' ')); continue; }
    for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) set.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  }
  return set;
}

/** Jaccard index of two sets: shared members / all distinct members (0 for two empty sets). */
function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** Median (0 for none). */
function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Measures a set of area pages (the module comment says how). @throws Error with fewer than two pages */
export function measureSimilarity(pages: AreaPageText[]): SimilarityReport {
  if (pages.length < 2) throw new Error(`Similarity needs at least two area pages; got ${pages.length}.`);
  const sentences = pages.map(sentencesOf);
  const shingles = sentences.map(shinglesOf);
  const keys = sentences.map((list) => new Set(list.map((w) => w.join(' '))));
  const pairs: { a: number; b: number; jaccard: number }[] = [];
  for (let a = 0; a < pages.length; a++) for (let b = a + 1; b < pages.length; b++) pairs.push({ a, b, jaccard: jaccard(shingles[a], shingles[b]) });
  const figures: PageFigures[] = pages.map((page, i) => {
    const words = sentences[i].reduce((n, w) => n + w.length, 0);
    const own = sentences[i].filter((w) => !keys.some((set, j) => j !== i && set.has(w.join(' ')))).reduce((n, w) => n + w.length, 0);
    const mine = pairs.filter((p) => p.a === i || p.b === i).sort((x, y) => y.jaccard - x.jaccard)[0];
    return { slug: page.slug, words, ownShare: words ? own / words : 0, closest: { slug: pages[mine.a === i ? mine.b : mine.a].slug, jaccard: mine.jaccard } };
  });
  const top = [...pairs].sort((x, y) => y.jaccard - x.jaccard)[0];
  const lowest = [...figures].sort((x, y) => x.ownShare - y.ownShare)[0];
  return {
    pages: figures,
    highest: { a: pages[top.a].slug, b: pages[top.b].slug, jaccard: top.jaccard },
    median: median(pairs.map((p) => p.jaccard)),
    lowestOwn: { slug: lowest.slug, ownShare: lowest.ownShare },
  };
}

const two = (x: number) => x.toFixed(2);
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** One warning per page whose text is mostly shared (see SIMILARITY_TARGETS), naming what to write; [] when none. */
export function thinPageWarnings(report: SimilarityReport, pathOf: (slug: string) => string): string[] {
  const warnings: string[] = [];
  for (const p of report.pages) {
    const problems: string[] = [];
    if (p.closest.jaccard > SIMILARITY_TARGETS.highestPair) problems.push(`its text is ${two(p.closest.jaccard)} similar to ${pathOf(p.closest.slug)} (target at most ${two(SIMILARITY_TARGETS.highestPair)})`);
    if (p.ownShare < SIMILARITY_TARGETS.ownShare) problems.push(`only ${pct(p.ownShare)} of its words are in sentences no other area page has (target at least ${pct(SIMILARITY_TARGETS.ownShare)})`);
    if (!problems.length) continue;
    warnings.push(`${pathOf(p.slug)} is mostly text the other town pages share: ${problems.join(', and ')}. Search engines may treat it as a doorway page. In its file under content/areas/, write what is true of this town: its roads and landmarks, what a call there is like, its services and FAQ notes (docs/area-pages.md).`);
  }
  if (report.median > SIMILARITY_TARGETS.medianPair) {
    warnings.push(`The area pages as a whole are too alike: median pair similarity ${two(report.median)} (target at most ${two(SIMILARITY_TARGETS.medianPair)}). Shorten the text every area page shares (content/area-copy.yaml) and write more about each town (docs/area-pages.md).`);
  }
  return warnings;
}

/** The report as lines for a terminal: the three headline figures, then one line per page. */
export function formatSimilarity(report: SimilarityReport): string {
  const t = SIMILARITY_TARGETS;
  const rows = [...report.pages].sort((a, b) => a.ownShare - b.ownShare)
    .map((p) => `  ${p.slug.padEnd(14)} ${String(p.words).padStart(5)} words  own text ${pct(p.ownShare).padStart(4)}  closest ${p.closest.slug} ${two(p.closest.jaccard)}`);
  return [
    `Area pages: ${report.pages.length}. Jaccard of 5-word shingles, own town name as a placeholder.`,
    `  highest pair ${two(report.highest.jaccard)} (${report.highest.a} / ${report.highest.b}), target <= ${two(t.highestPair)}`,
    `  median pair  ${two(report.median)}, target <= ${two(t.medianPair)}`,
    `  lowest own-text share ${pct(report.lowestOwn.ownShare)} (${report.lowestOwn.slug}), target >= ${pct(t.ownShare)}`,
    ...rows,
  ].join('\n');
}

/** Whether the report meets every target. */
export function meetsTargets(report: SimilarityReport): boolean {
  return report.highest.jaccard <= SIMILARITY_TARGETS.highestPair
    && report.median <= SIMILARITY_TARGETS.medianPair
    && report.lowestOwn.ownShare >= SIMILARITY_TARGETS.ownShare;
}

/** The built area pages of `areas` in the built site `dir`. @throws Error naming a missing file and `npm run build` */
export function readBuiltAreaPages(dir: string, areas: Pick<Community, 'name' | 'slug'>[]): AreaPageText[] {
  return areas.map((area) => {
    const file = path.join(dir, 'areas', area.slug, 'index.html');
    let html: string;
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`${file} is missing: run \`npm run build\` first.`);
    }
    return { slug: area.slug, names: nameForms(area), blocks: mainTextBlocks(html) };
  });
}
