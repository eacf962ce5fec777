import { openMinutes } from '../content/hours.ts';
import { zoneTable, type OpenMinutes, type ZoneTable } from '../../islands/common/hours.ts';
import type { SiteData } from '../content/load-content.ts';
import { toSlug } from '../text.ts';

/** What the browser code is told about the site at build time, compiled in by esbuild's `define` as `__SITE__` (islands/globals.d.ts). */
export interface ClientConfig {
  /** Business name. */
  name: string;
  /** Business name as a slug, e.g. "cibola-mobile-locksmith" (analytics labels, report file names). */
  slug: string;
  /** GA4 measurement id, or "" for no analytics. */
  analyticsId: string;
  /** True when built with NODE_ENV=development (logger keeps debug and info). */
  dev: boolean;
  /** The stated opening hours (content/settings.yaml `hours`) as minutes open per weekday, for the open-now notice. */
  openMinutes: OpenMinutes;
  /**
   * UTC offsets of the business's time zone (content/settings.yaml `location.timeZone`, its `zone`) from the start of the
   * build's year for ZONE_TABLE_YEARS years, so the open-now notice needs no Intl zone data in the
   * browser (islands/common/hours.ts).
   */
  zoneTable: ZoneTable;
  /**
   * The chatbot panel's copy (content/chatbot.yaml) as JSON text: esbuild inlines a text constant
   * where it is used, so only the chatbot island's code carries it (an object constant would get
   * a module of its own, in a chunk every page loads).
   */
  chatbot: string;
}

/**
 * Years of time-zone offsets compiled into the page code; after them the page asks Intl. The table
 * wins over a browser's newer zone data, so a change of daylight-saving law reaches visitors with
 * the next build, or at most three years late.
 */
const ZONE_TABLE_YEARS = 3;

/**
 * The config the browser code gets for this content; the zone table starts on 1 January (UTC) of
 * the build's year.
 * @param dev a development build (the browser logger keeps debug and info)
 * @throws RangeError when the settings' time zone is not a zone Node's Intl knows (the settings' check refuses it first)
 */
export function clientConfig(site: Pick<SiteData, 'settings' | 'chatbot'>, dev: boolean): ClientConfig {
  const { settings } = site;
  const year = new Date().getUTCFullYear();
  return {
    name: settings.name,
    slug: toSlug(settings.name),
    analyticsId: settings.analyticsId,
    dev,
    openMinutes: openMinutes(settings.hours),
    zoneTable: zoneTable(settings.location.timeZone, Date.UTC(year, 0, 1), Date.UTC(year + ZONE_TABLE_YEARS, 0, 1)),
    chatbot: JSON.stringify(site.chatbot),
  };
}

/**
 * Web Workers the build bundles, each for the island that starts it. A worker is a classic script
 * (IIFE, content-hashed under /assets/) built only when some page uses its island; the browser
 * code reads its site path from `__WORKERS__.<name>` (islands/globals.d.ts), "" when not built.
 */
export const WORKERS = {
  keywordAnalysis: { entry: 'islands/workers/keyword-analysis.ts', island: 'KeywordAnalysis' },
} as const;

/** Name of a bundled Web Worker, e.g. "keywordAnalysis". */
export type WorkerName = keyof typeof WORKERS;
