/**
 * The downloadable keyword report: a markdown file built in the browser from an analysis result
 * (how many entries each part lists: REPORT_LIMITS). Pure, no DOM.
 */
import type { KeywordEntry, KeywordView } from './keywords.ts';

/**
 * How many entries each part of the report lists. Each is at most LIST_LIMIT
 * (keywords.ts), the entries a KeywordView keeps per category (checked in test/unit/keywords.test.ts).
 */
export const REPORT_LIMITS = { top: 50, location: 20, service: 20, brand: 15, seo: 15 } as const;

/** File name of the report: the business slug plus "-keyword-analysis.md". */
export function reportFileName(slug: string): string {
  return `${slug}-keyword-analysis.md`;
}

/** A date as YYYY-MM-DD in local time. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function list(entries: KeywordEntry[], limit: number, numbered: boolean): string[] {
  if (entries.length === 0) return ['_None found._'];
  return entries.slice(0, limit).map((e, i) => `${numbered ? `${i + 1}.` : '-'} ${e.keyword}: ${e.count}`);
}

/**
 * Builds the report.
 * @param view         the analysis as the page holds it (keywordView): totals, category counts and lists
 * @param businessName shown in the heading
 * @param date         the date the report is made (shown as YYYY-MM-DD)
 * @returns markdown: heading, date, totals, the top 50 keywords (numbered "1. term: count"), then up
 *   to 20 location, 20 service, 15 brand and 15 SEO entries ("- term: count")
 */
export function buildKeywordReport(view: KeywordView, businessName: string, date: Date): string {
  const { categories: c } = view;
  const section = (title: string, entries: KeywordEntry[], limit: number, numbered = false) => [
    `## ${title}`,
    '',
    ...list(entries, limit, numbered),
    '',
  ];
  return [
    `# Keyword Analysis Report: ${businessName}`,
    '',
    `Date: ${isoDate(date)}`,
    '',
    '## Totals',
    '',
    `- Pages analysed: ${view.pageCount}`,
    `- Total keywords (every occurrence of a word or 2-3 word phrase): ${view.totalKeywords}`,
    `- Unique keywords: ${view.uniqueKeywords}`,
    `- Location keywords: ${c.location.count}`,
    `- Service keywords: ${c.services.count}`,
    `- Brand keywords: ${c.brand.count}`,
    `- SEO keywords: ${c.seo.count}`,
    '',
    ...section(`Top ${REPORT_LIMITS.top} Keywords`, c.all.entries, REPORT_LIMITS.top, true),
    ...section('Location Keywords', c.location.entries, REPORT_LIMITS.location),
    ...section('Service Keywords', c.services.entries, REPORT_LIMITS.service),
    ...section('Brand Keywords', c.brand.entries, REPORT_LIMITS.brand),
    ...section('SEO Keywords', c.seo.entries, REPORT_LIMITS.seo),
  ].join('\n');
}
