// Where each kind of content lives, as messages name it (relative to the project, with "/").
/** The business's settings. */
export const SETTINGS_FILE = 'content/settings.yaml';
/** The home page's copy and reviews. */
export const HOME_FILE = 'content/home.yaml';
/** Copy every area page shares. */
export const AREA_COPY_FILE = 'content/area-copy.yaml';
/** The chat panel's sample questions and help topics. */
export const CHATBOT_FILE = 'content/chatbot.yaml';

/** The folder of each collection under content/, one record a file named <slug>.yaml. */
export const COLLECTION_FOLDERS = { community: 'areas', service: 'services', 'core service': 'core-services' } as const;

/** The file of one record of a collection, e.g. ("community", "gallup") -> "content/areas/gallup.yaml". */
export function recordFile(kind: keyof typeof COLLECTION_FOLDERS, slug: string): string {
  return `content/${COLLECTION_FOLDERS[kind]}/${slug}.yaml`;
}
