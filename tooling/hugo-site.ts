/**
 * A synthetic Hugo site (https://gohugo.io/) for the scale benchmark (scripts/bench-hugo.ts):
 * pages at /areas/area-N/ built through one layout, each about a given size, in the proportions of
 * a real area page (a third inline CSS, an eighth prose, the rest markup rendered from front
 * matter). The text is English words drawn from a seeded generator: the same every run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What writeHugoSite wrote: the site's folder (hugo --source), its Markdown files (one a page) and its layout, absolute paths. */
export interface HugoSite {
  dir: string;
  contentFiles: string[];
  layoutFile: string;
  /** Each page's expected HTML size after `hugo --minify`, bytes, by output path ("areas/area-1/index.html"). */
  expectedBytes: Map<string, number>;
}

/** The share of a page's HTML that is the inline stylesheet (a real area page of this site: 20 of 60 KB). */
export const CSS_SHARE = 1 / 3;
/** Links in the header menu, on every page. */
const MENU_LINKS = 24;
/** The share of a page's HTML that is prose from its Markdown (a real area page: about 6 of 60 KB); the rest is markup from front matter. */
export const PROSE_SHARE = 0.12;
/** Links in each section's list. */
const LINKS_PER_SECTION = 6;

const WORDS = ('lock key door car house office night call text arrive fast safe open repair replace rekey ' +
  'deadbolt ignition fob transponder garage gate window latch hinge frame street road town county mile ' +
  'minute hour weekend holiday morning evening quiet careful honest price quote service visit local ' +
  'neighbour driver owner tenant landlord business store school church clinic ranch highway exit bridge').split(' ');

/**
 * A seeded pseudo-random generator (mulberry32, public domain: https://gist.github.com/tommyettinger/46a874533244883189143505d203312c).
 * @returns a function giving numbers in [0, 1)
 */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sentence of 8 to 16 words drawn with `next`, capitalised, ending with a full stop. */
function sentence(next: () => number): string {
  const text = Array.from({ length: 8 + Math.floor(next() * 9) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/**
 * An inline stylesheet of about `bytes` characters: rules written as the minifier leaves them (no
 * zero units, no two equal padding values, no colour it could shorten to three digits: #0b....).
 */
function stylesheet(bytes: number): string {
  const rules: string[] = [];
  for (let i = 0; rules.join('').length < bytes; i++) {
    rules.push(`.c${i}{margin:0 0 ${1 + (i % 24)}px;padding:${1 + (i % 7)}px ${8 + (i % 11)}px;color:#0b${((0x2545 + i * 4099) % 0x10000).toString(16).padStart(4, '0')}}`);
  }
  return rules.join('');
}

/** The header menu: the same links on every page (literal HTML in the layout, as the minifier leaves it). */
function menu(pages: number): string {
  const items = Array.from({ length: Math.min(MENU_LINKS, pages) }, (_, i) => `<li><a href=/areas/area-${i + 1}/>Area ${i + 1}</a></li>`);
  return `<nav aria-label=Areas><ul>${items.join('')}</ul></nav>`;
}

/** Template actions of the layout, each with the value it renders for a page (see pageValues). */
const ACTIONS = {
  title: '{{ .Title }}',
  description: '{{ .Description }}',
  permalink: '{{ .Permalink }}',
  jsonLd: '{{ dict "@context" "https://schema.org" "@type" "WebPage" "name" .Title "description" .Description "url" .Permalink | jsonify | safeJS }}',
  content: '{{ .Content }}',
  sections: '{{ range .Params.sections }}<section><h2>{{ .title }}</h2><ul>{{ range .links }}<li><a href={{ .href }}>{{ .label }}</a>: {{ .text }}</li>{{ end }}</ul></section>{{ end }}',
} as const;

/** The one layout of the site, with `css` inline and the header menu for `pages` pages. */
function layout(css: string, pages: number): string {
  return '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
    `<title>${ACTIONS.title} | Benchmark site</title><meta name=description content="${ACTIONS.description}">` +
    `<link rel=canonical href=${ACTIONS.permalink}><style>${css}</style>` +
    `<script type=application/ld+json>${ACTIONS.jsonLd}</script></head>` +
    `<body><header><a href=/ class=brand>Benchmark site</a>${menu(pages)}</header>` +
    `<main><h1>${ACTIONS.title}</h1>${ACTIONS.content}${ACTIONS.sections}</main>` +
    '<footer><p>A synthetic page for a build benchmark.</p></footer></body></html>';
}

/** A section of links the layout renders from a page's front matter. */
interface LinkSection { title: string; links: { href: string; label: string; text: string }[] }

/** The HTML the layout renders for `sections`, as the minifier leaves it. */
function sectionsHtml(sections: LinkSection[]): string {
  return sections.map((s) => `<section><h2>${s.title}</h2><ul>${s.links.map((l) => `<li><a href=${l.href}>${l.label}</a>: ${l.text}</li>`).join('')}</ul></section>`).join('');
}

/** The values of the layout's actions (but the content and sections) for page `n` of a site at https://example.org/. */
function pageValues(n: number): Record<'title' | 'description' | 'permalink' | 'jsonLd', string> {
  const [title, permalink] = [`Area ${n}`, `https://example.org/areas/area-${n}/`];
  const description = `Locksmith service for Area ${n}: doors, cars and safes, day and night.`;
  return { title, description, permalink, jsonLd: JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', description, name: title, url: permalink }) };
}

/**
 * The Markdown prose of page `n` ("## Topic K" headings, to which Goldmark gives the id "topic-k",
 * each followed by a paragraph), at least `bytes` of HTML as Hugo renders and minifies it.
 */
function prose(next: () => number, bytes: number): { markdown: string; html: string } {
  const markdown: string[] = [];
  let html = '';
  for (let k = 1; html.length < bytes; k++) {
    const paragraphBytes = 300 + Math.floor(next() * 300);
    const sentences = [sentence(next)];
    while (sentences.join(' ').length < paragraphBytes) sentences.push(sentence(next));
    const text = sentences.join(' ');
    markdown.push(`## Topic ${k}\n\n${text}\n`);
    html += `<h2 id=topic-${k}>Topic ${k}</h2><p>${text}</p>`;
  }
  return { markdown: markdown.join('\n'), html };
}

/** Sections of links to other pages of `pages`, each link with a sentence, added until their HTML is at least `bytes`. */
function linkSections(next: () => number, pages: number, bytes: number): LinkSection[] {
  const sections: LinkSection[] = [];
  for (let k = 1; sectionsHtml(sections).length < bytes; k++) {
    sections.push({
      title: `Nearby places ${k}`,
      links: Array.from({ length: LINKS_PER_SECTION }, () => {
        const to = 1 + Math.floor(next() * pages);
        return { href: `/areas/area-${to}/`, label: `Area ${to}`, text: sentence(next) };
      }),
    });
  }
  return sections;
}

/** The site's configuration (hugo.toml, read by Hugo 0.110 and later). */
const CONFIG = `baseURL = "https://example.org/"
title = "Benchmark site"
languageCode = "en"
# Pages only (and the sitemap and robots.txt): no home, list, taxonomy or feed page.
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "404"]
enableRobotsTXT = true
`;

/**
 * Writes a Hugo site of `pages` pages into `dir` (created if missing; expected empty).
 * @param dir       the site's folder
 * @param pages     how many pages (at least 1)
 * @param pageBytes each page's HTML size to aim at after `hugo --minify`, in bytes (at least 4,000,
 *                  room for the layout and a section); each page lands at most one section of links (about
 *                  700 bytes) above it
 * @returns the files written and each page's expected size
 * @throws RangeError when `pages` or `pageBytes` is out of range; file-system errors as they come
 */
export async function writeHugoSite(dir: string, pages: number, pageBytes: number): Promise<HugoSite> {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`pages must be a whole number, at least 1 (got ${pages}).`);
  if (!Number.isInteger(pageBytes) || pageBytes < 4000) throw new RangeError(`pageBytes must be a whole number of bytes, at least 4000 (got ${pageBytes}).`);
  const template = layout(stylesheet(Math.round(pageBytes * CSS_SHARE)), pages);
  const layoutFile = path.join(dir, 'layouts/_default/single.html');
  await mkdir(path.dirname(layoutFile), { recursive: true });
  await writeFile(layoutFile, template);
  await writeFile(path.join(dir, 'hugo.toml'), CONFIG);
  const contentDir = path.join(dir, 'content/areas');
  await mkdir(contentDir, { recursive: true });
  const contentFiles: string[] = [];
  const expectedBytes = new Map<string, number>();
  for (let n = 1; n <= pages; n++) {
    const values: Record<string, string> = pageValues(n);
    // The layout with this page's values, the prose and the sections left empty.
    const filled = Object.entries(ACTIONS).reduce((html, [key, action]) => html.replaceAll(action, () => values[key] ?? ''), template).length;
    const next = random(n);
    const text = prose(next, Math.round(pageBytes * PROSE_SHARE));
    const sections = linkSections(next, pages, pageBytes - filled - text.html.length);
    const file = path.join(contentDir, `area-${n}.md`);
    const frontMatter = JSON.stringify({ title: values.title, description: values.description, sections }, null, 1);
    await writeFile(file, `${frontMatter}\n\n${text.markdown}`);
    contentFiles.push(file);
    expectedBytes.set(`areas/area-${n}/index.html`, filled + text.html.length + sectionsHtml(sections).length);
  }
  return { dir, contentFiles, layoutFile, expectedBytes };
}
