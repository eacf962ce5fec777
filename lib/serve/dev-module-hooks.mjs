// Module resolution hooks of the incremental dev build (lib/serve/dev-rebuilder.ts registers them
// with node:module register(), https://nodejs.org/api/module.html#customization-hooks).
//
// Node cannot unload an ES module, and imports a URL once: to run a changed module again, the
// rebuilder gives it, and every module that imports it, a new URL, "file:///...?v=N". This hook
// appends the version each project file has now (none for a file that never changed, so those
// stay the instances already loaded) and tells the rebuilder each project import it resolves
// (importer, imported), from which the rebuilder knows who imports a changed file.
//
// The hooks run on a thread of their own that waits between requests, so they cannot be sent
// messages; the rebuilder writes the versions as JSON into a SharedArrayBuffer (4 bytes of
// length, then UTF-8) before it imports with a higher version, and the hook reads them again
// whenever it is asked for a URL whose version is above the one it read last.

/** @type {Map<string, number>} */
let versions = new Map();
let generation = 0;
/** @type {{ port: import('node:worker_threads').MessagePort, root: string, shared: SharedArrayBuffer }} */
let data;

/** @param {typeof data} given */
export async function initialize(given) {
  data = given;
}

function readVersions() {
  const length = new Int32Array(data.shared, 0, 1)[0];
  const text = new TextDecoder().decode(new Uint8Array(data.shared, 4, length).slice());
  const parsed = JSON.parse(text);
  versions = new Map(parsed.versions);
  generation = parsed.generation;
}

const withoutQuery = (url) => url.replace(/[?#].*$/, '');

export async function resolve(specifier, context, next) {
  const asked = /[?&]v=(\d+)/.exec(specifier);
  if (asked && Number(asked[1]) > generation) readVersions();
  const resolved = await next(specifier, context);
  if (!resolved.url.startsWith(data.root) || resolved.url.includes('/node_modules/')) return resolved;
  const url = withoutQuery(resolved.url);
  data.port.postMessage([context.parentURL ? withoutQuery(context.parentURL) : '', url]);
  const version = versions.get(url);
  return { ...resolved, url: version ? `${url}?v=${version}` : url };
}
