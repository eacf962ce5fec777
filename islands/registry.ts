/**
 * Every island the pages may place, by name. `templates/Island.tsx` renders an island's first HTML
 * from here at build time; lib/bundle.ts makes one browser entry per name that some page used,
 * which imports `islands/<Name>.tsx` and hydrates every `[data-island="<Name>"]` element.
 *
 * To add an island: write `islands/<Name>.tsx` exporting a default Preact component, then add it
 * here. The component must be free of side effects at import time (tests and the build import it).
 */
import type { ComponentType } from 'preact';
import ChatbotSidebar from './ChatbotSidebar.tsx';
import KeywordAnalysis from './KeywordAnalysis.tsx';
import VideoPlayer from './VideoPlayer.tsx';

export const ISLANDS: Record<string, ComponentType<any>> = { ChatbotSidebar, KeywordAnalysis, VideoPlayer };

/** Names of the registered islands. */
export type IslandName = keyof typeof ISLANDS;
