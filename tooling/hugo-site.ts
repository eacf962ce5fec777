/**
 * A synthetic Hugo site (https://gohugo.io/) for the scale benchmark (scripts/bench-hugo.ts): a
 * given number of pages built through one layout, each page's HTML about a given size, so that
 * Hugo's time and memory for a site like ours can be set beside our generator's.
 *
 * Each page is a Markdown file (content/areas/area-N.md: front matter, then sections of a heading,
 * a paragraph and a list of links to other pages) rendered through the one layout
 * (layouts/_default/single.html): the head with title, description, canonical link, an inline
 * stylesheet and JSON-LD built by the template, a header menu, the page's content, a footer. The
 * proportions follow a real area page of this site: about a third inline CSS, the rest markup and
 * text. Only page, sitemap and robots.txt outputs are enabled (no home, section, taxonomy or RSS
 * page), so the site has exactly the pages asked for, at /areas/area-N/.
 *
 * The text is ordinary English words in an order drawn from a seeded generator: the same on every
 * run, different on every page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What writeHugoSite was asked and wrote. */
export interface HugoSite {
  /** The site's folder (hugo --source). */
  dir: string;
  /** The Markdown files, one a page, absolute paths. */
  contentFiles: string[];
  /** The one layout, absolute path. */
  layoutFile: string;
  /**
   * Each page's expected HTML size after `hugo --minify`, in bytes, by the page's output path from
   * the site's root (e.g. "areas/area-1/index.html"): the layout with its values filled in and the
   * Markdown as Hugo renders it, written as the minifier leaves it.
   */
  expectedBytes: Map<string, number>;
}

/** The share of a page's HTML that is the inline stylesheet (a real area page of this site: 20 of 60 KB). */
export const CSS_SHARE = 1 / 3;
/** Links in the header menu, on every page. */
export const MENU_LINKS = 24;
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
  const words = Array.from({ length: 8 + Math.floor(next() * 9) }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** A paragraph of about `bytes` characters (whole sentences, at least one). */
function paragraph(next: () => number, bytes: number): string {
  const out = [sentence(next)];
  while (out.join(' ').length < bytes) out.push(sentence(next));
  return out.join(' ');
}

/**
 * An inline stylesheet of about `bytes` characters: rules written as the minifier leaves them (no
 * zero units, no two equal padding values, no colour it could shorten to three digits: #0b....).
 */
export function stylesheet(bytes: number): string {
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

/** Template actions of the layout, each with the value it renders for page `n` (see pageValues). */
const ACTIONS = {
  title: '{{ .Title }}',
  description: '{{ .Description }}',
  permalink: '{{ .Permalink }}',
  jsonLd: '{{ dict "@context" "https://schema.org" "@type" "WebPage" "name" .Title "description" .Description "url" .Permalink | jsonify | safeJS }}',
  content: '{{ .Content }}',
} as const;

/** The one layout of the site, with `css` inline and the header menu for `pages` pages. */
function layout(css: string, pages: number): string {
  return '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
    `<title>${ACTIONS.title} | Benchmark site</title><meta name=description content="${ACTIONS.description}">` +
    `<link rel=canonical href=${ACTIONS.permalink}><style>${css}</style>` +
    `<script type=application/ld+json>${ACTIONS.jsonLd}</script></head>` +
    `<body><header><a href=/ class=brand>Benchmark site</a>${menu(pages)}</header>` +
    `<main><h1>${ACTIONS.title}</h1>${ACTIONS.content}</main>` +
    '<footer><p>A synthetic page for a build benchmark.</p></footer></body></html>';
}

/** The values the layout's actions render for page `n` of a site at https://example.org/. */
function pageValues(n: number): { title: string; description: string; permalink: string; jsonLd: string } {
  const title = `Area ${n}`;
  const description = `Locksmith service for Area ${n}: doors, cars and safes, day and night.`;
  const permalink = `https://example.org/areas/area-${n}/`;
  const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', description, name: title, url: permalink });
  return { title, description, permalink, jsonLd };
}

/**
 * The Markdown body of page `n` of `pages`, and its HTML size as Hugo renders and minifies it, grown
 * section by section until that size reaches `bodyBytes`. A section is "## Topic K" (Goldmark gives it
 * the id "topic-k"), a paragraph, and a list of links to other pages with a few words each.
 */
function body(n: number, pages: number, bodyBytes: number): { markdown: string; htmlBytes: number } {
  const next = random(n);
  const parts: string[] = [];
  let htmlBytes = 0;
  for (let k = 1; htmlBytes < bodyBytes; k++) {
    const text = paragraph(next, 300 + Math.floor(next() * 300));
    const links = Array.from({ length: LINKS_PER_SECTION }, () => {
      const to = 1 + Math.floor(next() * pages);
      return { href: `/areas/area-${to}/`, label: `Area ${to}`, words: sentence(next) };
    });
    parts.push(`## Topic ${k}\n\n${text}\n\n${links.map((l) => `- [${l.label}](${l.href}): ${l.words}`).join('\n')}\n`);
    htmlBytes += `<h2 id=topic-${k}>Topic ${k}</h2>`.length + `<p>${text}</p>`.length + '<ul></ul>'.length +
      links.reduce((sum, l) => sum + `<li><a href=${l.href}>${l.label}</a>: ${l.words}</li>`.length, 0);
  }
  return { markdown: parts.join('\n'), htmlBytes };
}

/** The site's configuration (hugo.toml, read by Hugo 0.110 and later). */
function config(): string {
  return [
    'baseURL = "https://example.org/"',
    'title = "Benchmark site"',
    'languageCode = "en"',
    '# Pages only (and the sitemap and robots.txt): no home, list, taxonomy or feed page.',
    'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "404"]',
    'enableRobotsTXT = true',
    '',
  ].join('\n');
}

/**
 * Writes a Hugo site of `pages` pages into `dir` (created if missing; expected empty).
 * @param dir       the site's folder
 * @param pages     how many pages (at least 1)
 * @param pageBytes each page's HTML size to aim at after `hugo --minify`, in bytes (at least 4,000,
 *                  room for the layout and a section); each page lands at most one section (about
 *                  1.3 KB) above it
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
  await writeFile(path.join(dir, 'hugo.toml'), config());
  // How often each action occurs in the layout: each page's size is the layout's own bytes plus
  // every action's value as often as it occurs (the body for {{ .Content }}).
  const times = (action: string) => template.split(action).length - 1;
  const fixed = Object.values(ACTIONS).reduce((size, action) => size - action.length * times(action), template.length);
  const contentDir = path.join(dir, 'content/areas');
  await mkdir(contentDir, { recursive: true });
  const contentFiles: string[] = [];
  const expectedBytes = new Map<string, number>();
  for (let n = 1; n <= pages; n++) {
    const values = pageValues(n);
    const filled = fixed + (Object.keys(values) as (keyof typeof values)[]).reduce((size, key) => size + values[key].length * times(ACTIONS[key]), 0);
    const { markdown, htmlBytes } = body(n, pages, pageBytes - filled);
    const file = path.join(contentDir, `area-${n}.md`);
    await writeFile(file, `---\ntitle: "${values.title}"\ndescription: "${values.description}"\n---\n\n${markdown}`);
    contentFiles.push(file);
    expectedBytes.set(`areas/area-${n}/index.html`, filled + htmlBytes);
  }
  return { dir, contentFiles, layoutFile, expectedBytes };
}
