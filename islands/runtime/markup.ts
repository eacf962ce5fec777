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
 * The attribute names. An enum, not two string constants: when bundling, esbuild inlines a string
 * enum's values into every module that reads them (cross-module enum inlining, see
 * https://github.com/evanw/esbuild/issues/3210), so the browser code carries the strings where
 * they are used; lib/bundle/bundle.ts marks this module free of side effects so that it leaves no empty
 * shared chunk behind.
 */
export const enum IslandAttr {
  /** Marks an island element; its value is the island's registry name. */
  Name = 'data-island',
  /** A Preact island's props as JSON (absent on a plain island). */
  Props = 'data-props',
}
