/**
 * The browser editor's files: the HTML shell with its CSRF token and Content-Security-Policy, and
 * the app (editor/main.tsx, React 19 in production mode) bundled with esbuild into one script and
 * one style sheet, made in memory when the editor starts. The page loads nothing from outside its
 * own origin: no web font (the system's fonts), no CDN, no telemetry; its only frame is the preview.
 */
import path from 'node:path';
import { build } from 'esbuild';

/** Where the editor server serves the bundle (bundleEditor) on the editor's origin. */
export const EDITOR_SCRIPT_PATH = '/editor.js';
export const EDITOR_STYLE_PATH = '/editor.css';

const ENTRY = path.resolve(import.meta.dirname, '../../editor/main.tsx');

/** `&`, `<`, `>` and `"` as HTML character references, for attribute values. */
const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The editor page's Content-Security-Policy (https://www.w3.org/TR/CSP3/): its own script and
 * styles only, no eval, requests to its own origin only, frames from the preview origin only,
 * never framed itself. Send it as a response header (frame-ancestors works only there); the shell
 * carries the same policy, without frame-ancestors, in a meta element.
 * @param previewOrigin e.g. "http://127.0.0.1:8081"
 */
export function editorCsp(previewOrigin: string): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:", "connect-src 'self'",
    `frame-src ${previewOrigin}`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The editor's HTML page.
 * @param token the editor process's CSRF token, sent back by every write in `X-Editor-Token`
 * @param previewOrigin the preview server's origin, e.g. "http://127.0.0.1:8081" (the only frame source)
 */
export function editorPage(token: string, previewOrigin: string): string {
  const policy = editorCsp(previewOrigin).replace(/; frame-ancestors 'none'/, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">
<meta name="referrer" content="no-referrer">
<meta name="editor-token" content="${escapeAttribute(token)}">
<title>Edit your site</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${EDITOR_STYLE_PATH}">
<script src="${EDITOR_SCRIPT_PATH}" defer></script>
</head>
<body>
<div id="editor"><p>Loading the editor...</p></div>
<noscript>The editor needs JavaScript: turn it on for 127.0.0.1.</noscript>
</body>
</html>
`;
}

/**
 * Bundles the app (editor/main.tsx and what it imports, with React's production build) into one
 * minified script and one style sheet, in memory.
 * @returns the script and the style sheet, as text
 * @throws esbuild's error when the app does not compile (its message names the file and line)
 */
export async function bundleEditor(): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    outdir: 'editor-out',
    format: 'iife',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}
