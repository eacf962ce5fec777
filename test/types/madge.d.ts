/**
 * Types for the part of `madge` 8.0.0 (devDependency; no bundled types) the import-rules test
 * uses. Source: node_modules/madge/README.md, "API".
 */
declare module 'madge' {
  interface MadgeConfig {
    /** Folder the module paths in the graph are relative to. */
    baseDir?: string;
    /** Extensions of the files to parse, without the dot. */
    fileExtensions?: string[];
    /** Path of the tsconfig.json used to resolve imports. */
    tsConfig?: string;
  }
  interface MadgeInstance {
    /** The dependency graph: each module path to the module paths it imports (type imports included). */
    obj(): Record<string, string[]>;
    /** Each import cycle as the list of its module paths. */
    circular(): string[][];
    /** Imports that could not be resolved to a file. */
    warnings(): { skipped: string[] };
  }
  function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeInstance>;
  export default madge;
}
