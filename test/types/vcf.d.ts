/**
 * Types for the parts of `vcf` 2.1.2 (devDependency; no bundled types) the tests use to read
 * /contact.vcf back. Source: node_modules/vcf/README.md, "API Reference".
 */
declare module 'vcf' {
  /** One property: `valueOf()` is its raw (still escaped) value; parameters such as `type` are fields. */
  interface VCardProperty {
    valueOf(): string;
    type?: string | string[];
    [param: string]: unknown;
  }
  class VCard {
    version: string;
    data: Record<string, VCardProperty | VCardProperty[]>;
    /** Parses one vCard. @throws Error when the text is not a vCard */
    parse(text: string): this;
    /** A property by lowercase name (camelCase for X- names); an array when it occurs more than once. */
    get(key: string): VCardProperty;
  }
  export default VCard;
}
