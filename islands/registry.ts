/**
 * Every island the pages may place, by name. `templates/Island.tsx` renders an island's first HTML
 * from here at build time; lib/bundle/bundle.ts makes one browser entry per name that some page used,
 * which imports `islands/<Name>.tsx` and hydrates every `[data-island="<Name>"]` element.
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

/** What each island adds at run time that the stylesheet selects on (its `RUNTIME_STYLES` export). */
export const ISLAND_RUNTIME_STYLES: Record<string, RuntimeStyles> = { ChatbotSidebar: chatbotStyles, KeywordAnalysis: keywordStyles, VideoPlayer: videoStyles };
