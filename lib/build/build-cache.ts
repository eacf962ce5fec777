/**
 * What one long-lived process keeps from one build to the next (`npm run dev`, the editor's
 * preview), the site the same with or without it: a kept result is reused only while everything
 * it was made from is unchanged, compared by value, by the identity of the functions that made it,
 * or, for bundles, by esbuild's list of the files it read. lib/ itself is not compared: the caller
 * starts a fresh process when it changes.
 */
import * as esbuild from 'esbuild';
import type { EsbuildRun } from '../bundle/esbuild-options.ts';

/** One kept value and what it was made from. */
interface Kept {
  deps: unknown[];
  value: unknown;
}

/** An esbuild context, the key it was made for, and its last good result. */
interface KeptContext {
  context: esbuild.BuildContext;
  last?: esbuild.BuildResult;
  /** Project-relative paths of the files the last result was made from (its metafile inputs). */
  inputs: Set<string>;
}

/** What changed in the project since the previous build. */
export interface ProjectChanges {
  /** Project-relative paths ("islands/VideoPlayer.tsx") changed, added or removed since the previous build. */
  changed: Iterable<string>;
  /** True when a file was added or removed: a bundle may then resolve an import differently, so none is reused. */
  added: boolean;
}

/**
 * The final HTML of the previous build's pages, read by the next one; the map holds only this
 * build's pages once it ends (the previous build's lookups fall through to `previous`).
 */
class RotatingMap<V> extends Map<string, V> {
  previous = new Map<string, V>();
  override get(key: string): V | undefined {
    return super.get(key) ?? this.previous.get(key);
  }
}

const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((d, i) => Object.is(d, b[i]));

export class BuildCache {
  private readonly kept = new Map<string, Kept>();
  private readonly contexts = new Map<string, KeptContext>();
  private usedContexts = new Set<string>();
  private changes: { changed: Set<string>; added: boolean } = { changed: new Set(), added: true };

  /**
   * Called before each build with what changed since the previous one (the first build of a
   * process reuses nothing, whatever is passed).
   */
  startBuild(changes: ProjectChanges): void {
    this.changes = { changed: new Set(changes.changed), added: changes.added };
    this.usedContexts = new Set();
  }

  /** Called after each build, good or failed: disposes the esbuild contexts it did not use. */
  async endBuild(ok: boolean): Promise<void> {
    // After a good build only its own pages are kept (so the map does not grow with every save);
    // after a failed one, what it finished joins what the build before it had.
    const pages = this.kept.get('html-by-markup')?.value as RotatingMap<unknown> | undefined;
    if (pages) {
      if (ok) pages.previous = new Map(pages);
      else for (const [key, html] of pages) pages.previous.set(key, html);
      pages.clear();
    }
    for (const [key, kept] of this.contexts) {
      if (this.usedContexts.has(key)) continue;
      this.contexts.delete(key);
      await kept.context.dispose();
    }
  }

  /**
   * The value `make()` gave for the same `deps` (each compared with Object.is), or a new one.
   * @param name one name per kind of value, e.g. "stylesheet"
   */
  keep<T>(name: string, deps: unknown[], make: () => T): T {
    const found = this.kept.get(name);
    if (found && sameDeps(found.deps, deps)) return found.value as T;
    const value = make();
    this.kept.set(name, { deps, value });
    return value;
  }

  /**
   * Final page HTML by the page's rendered markup (lib/build/make-page.ts PageTools.htmlByMarkup):
   * this build's, falling back to the previous build's. Valid while the inputs that turn markup
   * into final HTML (`deps`) are the same; a change of them starts it empty.
   */
  htmlByMarkup(deps: unknown[]): Map<string, string> {
    return this.keep('html-by-markup', deps, () => new RotatingMap<string>());
  }

  /**
   * Runs esbuild incrementally (https://esbuild.github.io/api/#incremental): one context per
   * distinct key and options, rebuilt with context.rebuild(), or not run at all when no file it
   * read last time changed and no file was added or removed.
   */
  readonly esbuild: EsbuildRun = async (key, options) => {
    const { plugins, ...plain } = options;
    const id = `${key}\0${JSON.stringify(plain)}`;
    this.usedContexts.add(id);
    let kept = this.contexts.get(id);
    if (kept?.last && !this.changes.added && ![...this.changes.changed].some((file) => kept!.inputs.has(file))) {
      return kept.last as Awaited<ReturnType<EsbuildRun>>;
    }
    if (!kept) {
      kept = { context: await esbuild.context(options), inputs: new Set() };
      this.contexts.set(id, kept);
    }
    kept.last = undefined;
    const result = await kept.context.rebuild();
    kept.last = result;
    kept.inputs = new Set(Object.keys(result.metafile?.inputs ?? {}));
    return result as Awaited<ReturnType<EsbuildRun>>;
  };

  /** Disposes every esbuild context (the process is about to end). */
  async close(): Promise<void> {
    await Promise.all([...this.contexts.values()].map((k) => k.context.dispose()));
    this.contexts.clear();
  }
}
