// Module resolution hooks of the incremental dev build (lib/serve/dev-rebuilder.ts registers them,
// https://nodejs.org/api/module.html#customization-hooks). Node imports a URL once: a changed
// module and its importers get a new one, "file:///...?v=N". The hook appends each project file's
// version and tells the rebuilder each project import (importer, imported). The hooks' thread
// cannot be sent messages while it waits: the versions are JSON in a SharedArrayBuffer (4 bytes
// of length, then UTF-8), read again when a URL asks for a newer version than the one read last.

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
