/**
 * The link checker behind test/quality/links.test.ts: every internal reference of every HTML file
 * of a built folder (a/area/link href, img/source src and srcset, script src, media src and poster,
 * iframe src, SVG use/image href, og:/twitter: image and url, CSS url() in <style>, site URLs in
 * JSON-LD) must name a file of the folder, in the trailing-slash form the hosts serve without a
 * redirect; every #fragment must name an id on the target page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse, type HTMLElement } from 'node-html-parser';

/** Where one reference was found and what is wrong with it. */
export interface LinkProblem {
  file: string;
  ref: string;
  problem: string;
}

const ATTRS: [selector: string, attr: string][] = [
  ['a[href]', 'href'], ['area[href]', 'href'], ['link[href]', 'href'], ['img[src]', 'src'], ['img[srcset]', 'srcset'],
  ['source[src]', 'src'], ['source[srcset]', 'srcset'], ['script[src]', 'src'], ['video[src]', 'src'], ['video[poster]', 'poster'],
  ['audio[src]', 'src'], ['iframe[src]', 'src'], ['use', 'href'], ['use', 'xlink:href'], ['image', 'href'], ['image', 'xlink:href'],
  ['meta[property="og:image"]', 'content'], ['meta[property="og:url"]', 'content'], ['meta[name="twitter:image"]', 'content'],
];

/** Every reference of one parsed page, as written (srcset split into its URLs). */
function referencesOf(root: HTMLElement): string[] {
  const refs: string[] = [];
  for (const [selector, attr] of ATTRS) {
    for (const el of root.querySelectorAll(selector)) {
      const value = el.getAttribute(attr);
      if (value == null) continue;
      if (attr === 'srcset') refs.push(...value.split(',').map((c) => c.trim().split(/\s+/)[0]).filter(Boolean));
      else refs.push(value.trim());
    }
  }
  for (const style of root.querySelectorAll('style')) {
    for (const m of style.text.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) refs.push(m[2]);
  }
  for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collectStrings(JSON.parse(script.text), refs);
    } catch {
      /* unparsable JSON-LD is the structured-data gate's finding */
    }
  }
  return refs;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value)) out.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out));
  // "@id" is a node identifier (an IRI such as ".../#business"), not a link.
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== '@id' && k !== '@context') collectStrings(v, out);
}

/** The settings' fields that hold the business's pages on other sites (the links out checkLinks is told of). */
interface LinkOutSettings {
  reviewUrl: string;
  assistantUrl?: string;
  channelUrl?: string;
  rating?: { url: string } | null;
  credentials: { bureau?: { url: string } | null };
}

/**
 * The business's pages elsewhere named in the settings (review page, assistant, channel, rating
 * source, bureau profile): links out even where they share the site's domain, as the sample's
 * example.com addresses do.
 */
export function settingsLinksOut(settings: LinkOutSettings): string[] {
  return [settings.reviewUrl, settings.assistantUrl, settings.channelUrl, settings.rating?.url, settings.credentials.bureau?.url].filter((u): u is string => Boolean(u));
}

/**
 * Checks every HTML file of `dir`.
 * @param dir           a built site folder
 * @param siteUrl       the site's public address (absolute references to it are internal)
 * @param redirectFrom  paths the hosts redirect (a link to one costs a round trip)
 * @param externalUrls  absolute URLs that are links out even when they share the site's origin
 *   (the operator's review, assistant and channel pages; the sample settings use example.com)
 * @returns every problem found, in file order
 */
export function checkLinks(dir: string, siteUrl: string, redirectFrom: readonly string[] = [], externalUrls: readonly string[] = []): LinkProblem[] {
  const origin = new URL(siteUrl).origin;
  const problems: LinkProblem[] = [];
  const ids = new Map<string, Set<string>>();
  const isFile = (rel: string) => {
    const abs = path.join(dir, rel);
    return existsSync(abs) && statSync(abs).isFile();
  };
  const idsOf = (file: string): Set<string> => {
    let set = ids.get(file);
    if (!set) {
      const root = parse(readFileSync(path.join(dir, file), 'utf8'));
      set = new Set([...root.querySelectorAll('[id]').map((e) => e.id), ...root.querySelectorAll('a[name]').map((e) => e.getAttribute('name')!)]);
      ids.set(file, set);
    }
    return set;
  };

  for (const rel of fg.sync('**/*.html', { cwd: dir }).sort()) {
    const file = `/${rel}`;
    const pagePath = file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
    const root = parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const ref of referencesOf(root)) {
      const report = (problem: string) => problems.push({ file, ref, problem });
      if (ref === '') { report('empty reference'); continue; }
      if (externalUrls.includes(ref)) continue;
      let url: URL;
      try {
        url = new URL(ref, origin + pagePath);
      } catch {
        report('not a valid URL');
        continue;
      }
      if (url.origin !== origin) continue; // external, or mailto:/tel:/sms:/data:
      const target = decodeURIComponent(url.pathname);
      let targetFile: string;
      if (target.endsWith('/')) targetFile = `${target}index.html`;
      else targetFile = target;
      if (!isFile(targetFile)) {
        if (!target.endsWith('/') && isFile(`${target}/index.html`)) report(`add the trailing slash ("${target}/"): the hosts answer "${target}" with a redirect`);
        else report(`no file ${targetFile} in the build`);
        continue;
      }
      if (redirectFrom.includes(target) && target !== pagePath) report(`${target} is redirected by the hosts; link to its target`);
      if (url.hash !== '' || ref.endsWith('#')) {
        const fragment = decodeURIComponent(url.hash.slice(1));
        if (fragment === '') report('empty #fragment');
        else if (targetFile.endsWith('.html') && fragment !== 'top' && !idsOf(targetFile).has(fragment)) report(`no element with id="${fragment}" on ${target}`);
      }
    }
  }
  return problems;
}

/** A problem as one readable line. */
export function formatProblem(p: LinkProblem): string {
  return `${p.file}: "${p.ref}": ${p.problem}`;
}
