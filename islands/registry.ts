/**
 * Every island the pages may place, by name. `templates/Island.tsx` renders an island's first HTML
 * from here at build time; lib/bundle/bundle.ts makes browser entries for every name of
 * ISLAND_NAMES, which import `islands/<Name>.tsx` (or the plain island's `islands/<Name>.ts`) and
 * hydrate every `[data-island="<Name>"]` element.
 *
 * To add an island: write `islands/<Name>.tsx` exporting a default Preact component, then add it
 * here with its `RUNTIME_STYLES`. The component must be free of side effects at import time (tests and the build import it).
 */
import type { ComponentType } from 'preact';
import ChatbotSidebar, { RUNTIME_STYLES as chatbotStyles } from './ChatbotSidebar.tsx';
import KeywordAnalysis, { RUNTIME_STYLES as keywordStyles } from './KeywordAnalysis.tsx';
import VideoPlayer, { RUNTIME_STYLES as videoStyles } from './VideoPlayer.tsx';
import type { RuntimeStyles } from './runtime/runtime-styles.ts';

export const ISLANDS: Record<string, ComponentType<any>> = { ChatbotSidebar, KeywordAnalysis, VideoPlayer };

/**
 * Plain islands: `islands/<Name>.ts` exporting `mount(name)`, which enhances its server HTML
 * without Preact (templates/Island.tsx PlainIsland places them).
 */
export const PLAIN_ISLANDS = ['TextLocation'] as const;

/** Every island a page may place, Preact and plain, in name order: the browser bundle has entries for each. */
export const ISLAND_NAMES: readonly string[] = [...Object.keys(ISLANDS), ...PLAIN_ISLANDS].sort();

/** What each island adds at run time that the stylesheet selects on (its `RUNTIME_STYLES` export). */
export const ISLAND_RUNTIME_STYLES: Record<string, RuntimeStyles> = { ChatbotSidebar: chatbotStyles, KeywordAnalysis: keywordStyles, VideoPlayer: videoStyles };
