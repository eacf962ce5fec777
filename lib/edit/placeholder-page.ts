/**
 * A minimal page for the editor's address while the browser app is not part of the build: it
 * lists the records and shows the preview, so the server can be tried on its own. It loads
 * nothing from outside 127.0.0.1.
 */

/** Escapes text for HTML. */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's HTML.
 * @param token         this editor's token (in `<meta name="editor-token">`)
 * @param previewOrigin the preview's origin, e.g. "http://127.0.0.1:40123"
 */
export function placeholderPage(token: string, previewOrigin: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Site editor</title>
<meta name="editor-token" content="${escape(token)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head><body>
<h1>Site editor</h1>
<p>The forms are not part of this build yet. The preview of the site:</p>
<iframe title="Preview" src="${escape(previewOrigin)}/" style="width:390px;height:80vh;border:1px solid #888"></iframe>
</body></html>
`;
}
