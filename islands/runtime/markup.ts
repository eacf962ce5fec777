/**
 * The island markup contract: the attribute names by which the build marks an island in the page
 * (templates/Island.tsx) and the browser finds it (islands/runtime/mount.ts, interaction.ts and the
 * plain islands such as islands/TextLocation.ts):
 *
 *   <div data-island="Name" data-props="{...json...}" [data-load="interaction"]>...server HTML...</div>
 *
 * `data-load` (LOAD_ATTR) belongs to the load strategies, islands/runtime/load.ts.
 * Free of side effects and of browser globals: imported under Node by the build.
 */

/**
 * The attribute names. An enum, not two string constants: esbuild inlines an enum's values into
 * every module of the bundle that reads them (https://esbuild.github.io/api/#minify notes
 * cross-module enum inlining), so the browser code carries the strings where they are used
 * instead of a shared chunk of its own.
 */
export const enum IslandAttr {
  /** Marks an island element; its value is the island's registry name. */
  Name = 'data-island',
  /** A Preact island's props as JSON (absent on a plain island). */
  Props = 'data-props',
}
