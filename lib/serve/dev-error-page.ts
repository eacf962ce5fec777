/**
 * The page `npm run dev` shows while the last build failed: what went wrong, where, what to do. It
 * loads the live-reload client, so saving the fix brings the site back.
 */
import { BUG_NOTICE, type BuildProblem } from '../build/build-error.ts';
import { hashSource } from '../csp.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = 'body{margin:0;font:18px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff8f6}'
  + 'main{max-width:52rem;margin:0 auto;padding:2rem 1.25rem}h1{color:#a4161a;font-size:1.6rem;margin:0 0 1rem}'
  + 'h2{font-size:1.05rem;margin:1.5rem 0 .25rem}pre{background:#fff;border:1px solid #e0c4c0;border-radius:6px;padding:.75rem;white-space:pre-wrap;overflow-wrap:anywhere;font-size:15px}'
  + 'p{margin:.25rem 0}code{font-size:.95em}';

/**
 * @param problem    the failure, from describeBuildError()
 * @param clientPath site path of the live-reload client, e.g. "/livereload.js"
 * @returns a whole HTML document
 */
export function devErrorPage(problem: BuildProblem, clientPath: string): string {
  const where = problem.file
    ? `<h2>Where</h2><p><code>${escapeHtml(problem.file)}</code>${problem.line ? `, line ${problem.line}${problem.column ? `, column ${problem.column}` : ''}` : ''}</p>`
      + (problem.code !== undefined ? `<pre>${problem.line ? `${problem.line} | ` : ''}${escapeHtml(problem.code)}</pre>` : '')
    : '';
  const csp = `default-src 'none'; script-src 'self'; connect-src 'self'; style-src ${hashSource(STYLE)}; base-uri 'none'; form-action 'none'`;
  return `<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="${csp}"><meta charset="utf-8">`
    + '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Build stopped - npm run dev</title>'
    + `<style>${STYLE}</style></head><body><main><h1>Build stopped: the site could not be built</h1>`
    + `<h2>What went wrong</h2>${problem.bug ? `<p>${escapeHtml(BUG_NOTICE)}</p>` : ''}<pre>${escapeHtml(problem.lines.join('\n'))}</pre>${where}`
    + (problem.bug ? `<h2>Stack</h2><pre>${escapeHtml(problem.bug.stack)}</pre>` : '')
    + `<h2>What to do</h2><p>${escapeHtml(problem.hint)}</p>`
    + '<p>This page reloads by itself when you save the fix. The terminal running <code>npm run dev</code> shows the same message.</p>'
    + `</main><script src="${escapeHtml(clientPath)}" async></script></body></html>`;
}
