/**
 * The import rules of the project, read from the real dependency graph (madge, type imports
 * included): no import cycle; data flows one way, content/ -> lib/ -> pages/ -> templates/, with
 * only the build entry joining them; `npm run serve` loads no page or template; scripts/ and test/
 * share tooling through tooling/ and never import each other. Canaries prove the checks can fail:
 * a cycle of two type imports in a temp folder is found, and each rule names a hand-made breach.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';

/** Every source folder and file of the project, as tsconfig.json includes them. */
const SOURCES = ['build.ts', 'content', 'lib', 'pages', 'templates', 'islands', 'scripts', 'test', 'tooling'];

/**
 * The modules of lib/ that join the generator's parts to the pages and templates: the build
 * (lib/build-site.ts), the entry of its worker threads, which builds the route table again
 * (lib/page-worker.ts), and the rendering of one route into the layout (lib/render.ts).
 */
const JOINERS = new Set(['lib/build-site.ts', 'lib/page-worker.ts', 'lib/render.ts']);

/** One rule: modules under `from` (but not `except`) may not import modules under any of `not`. */
interface Rule {
  from: string;
  not: string[];
  except?: Set<string>;
  why: string;
}

const RULES: Rule[] = [
  { from: 'lib/', not: ['pages/', 'templates/'], except: JOINERS, why: 'the generator does not depend on the pages it renders' },
  { from: 'content/', not: ['lib/', 'pages/', 'templates/'], why: 'content is data the code reads, never code that reads the code' },
  { from: 'scripts/', not: ['test/'], why: 'shared tooling lives in tooling/' },
  { from: 'test/', not: ['scripts/'], why: 'shared tooling lives in tooling/' },
];

/** Each import in `graph` that breaks a rule, as "importer -> imported (why)". */
function breaches(graph: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const [mod, deps] of Object.entries(graph)) {
    for (const rule of RULES) {
      if (!mod.startsWith(rule.from) || rule.except?.has(mod)) continue;
      for (const dep of deps) if (rule.not.some((n) => dep.startsWith(n))) out.push(`${mod} -> ${dep} (${rule.why})`);
    }
  }
  return out;
}

/** The project's dependency graph; fails when an import cannot be resolved to a file. */
async function projectGraph() {
  const res = await madge(SOURCES.map((s) => path.join(ROOT, s)), { baseDir: ROOT, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(ROOT, 'tsconfig.json') });
  assert.equal(res.warnings().skipped, [], 'every import resolves to a file');
  return res;
}

const cycles = suite('import cycles');
cycles('should find none in the project, type imports included', async () => {
  const res = await projectGraph();
  assert.ok(Object.keys(res.obj()).length > 150, 'the graph covers the project');
  assert.equal(res.circular(), []);
});
cycles('should find a cycle of two type imports (canary)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
  try {
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport interface B { a?: A }\n");
    const res = await madge(dir, { baseDir: dir, fileExtensions: ['ts'] });
    assert.equal(res.circular(), [['a.ts', 'b.ts']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
cycles.run();

const rules = suite('import rules');
rules('should hold in the project', async () => {
  const graph = (await projectGraph()).obj();
  assert.equal(breaches(graph), []);
});
rules('should keep pages and templates out of what npm run serve loads', async () => {
  const graph = (await projectGraph()).obj();
  const loaded = new Set<string>();
  const visit = (mod: string) => {
    if (loaded.has(mod)) return;
    loaded.add(mod);
    for (const dep of graph[mod] ?? []) visit(dep);
  };
  visit('scripts/serve.ts');
  assert.ok(loaded.has('lib/hosting.ts'), 'the walk follows the imports');
  assert.equal([...loaded].filter((m) => m.startsWith('pages/') || m.startsWith('templates/')), []);
});
rules('should name each breach (canary)', () => {
  assert.equal(breaches({
    'lib/hosting.ts': ['pages/routes.ts'],
    'lib/build-site.ts': ['pages/routes.ts'],
    'content/site.ts': ['lib/phone.ts'],
    'scripts/screenshot.ts': ['test/helpers/site.ts'],
    'test/quality/lighthouse.test.ts': ['scripts/audit.ts'],
  }), [
    'lib/hosting.ts -> pages/routes.ts (the generator does not depend on the pages it renders)',
    'content/site.ts -> lib/phone.ts (content is data the code reads, never code that reads the code)',
    'scripts/screenshot.ts -> test/helpers/site.ts (shared tooling lives in tooling/)',
    'test/quality/lighthouse.test.ts -> scripts/audit.ts (shared tooling lives in tooling/)',
  ]);
});
rules.run();
