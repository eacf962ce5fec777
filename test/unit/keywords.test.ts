import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  analyzeCorpus, brandRule, countTerms, isKeywordWord, keywordRuns, locationRule, parseCorpus,
  analyzeCorpusText, keywordView, LIST_LIMIT, rankKeywords, seoRule, serviceRule, type KeywordAnalysisResult, type KeywordCorpus,
} from '../../islands/common/keywords.ts';
import { buildKeywordReport, isoDate, REPORT_LIMITS, reportFileName } from '../../islands/common/keyword-report.ts';

const word = suite('isKeywordWord');
word('should drop words of 2 characters or fewer', () => {
  assert.is(isKeywordWord('nm'), false);
  assert.is(isKeywordWord('a'), false);
  assert.is(isKeywordWord('key'), true);
});
word('should drop stop words', () => {
  for (const w of ['the', 'and', 'your', 'with', 'also', "don't", "we're"]) assert.is(isKeywordWord(w), false, w);
  assert.is(isKeywordWord('lockout'), true);
});
word('should drop numbers alone but keep 24/7', () => {
  assert.is(isKeywordWord('87020'), false);
  assert.is(isKeywordWord('150'), false);
  assert.is(isKeywordWord('24/7'), true);
  assert.is(isKeywordWord('911s'), true);
});
word.run();

const runs = suite('keywordRuns');
runs('should end a run at a dropped word and at punctuation', () => {
  assert.equal(keywordRuns('Call a locksmith in Grants, NM today'), [['call'], ['locksmith'], ['grants'], ['today']]);
  assert.equal(keywordRuns('Grants, Milan; Gallup (McKinley)'), [['grants'], ['milan'], ['gallup'], ['mckinley']]);
});
runs('should end a run at a line break and at a spaced dash', () => {
  assert.equal(keywordRuns('Car Lockout\nFast Service - Grants'), [['car', 'lockout'], ['fast', 'service'], ['grants']]);
});
runs('should read an inner hyphen as a space, keep 24/7 and drop a possessive', () => {
  assert.equal(keywordRuns("Open 24/7: key-programming by the locksmith's van"), [['open', '24/7'], ['key', 'programming'], ['locksmith', 'van']]);
});
runs('should lowercase and treat a typographic apostrophe as a plain one', () => {
  assert.equal(keywordRuns('DON\u2019T Panic'), [['panic']]);
});
runs.run();

const count = suite('countTerms');
count('should count single words and 2- and 3-word phrases (hand-counted)', () => {
  // Runs: [car lockout help] and [car lockout help fast].
  assert.equal(Object.fromEntries(countTerms('Car lockout help. Car lockout help fast')), {
    car: 2, lockout: 2, help: 2, fast: 1,
    'car lockout': 2, 'lockout help': 2, 'help fast': 1,
    'car lockout help': 2, 'lockout help fast': 1,
  });
});
count('should not form a phrase across a dropped stop word or short word', () => {
  assert.equal(Object.fromEntries(countTerms('emergency locksmith in Gallup')), {
    emergency: 1, locksmith: 1, 'emergency locksmith': 1, gallup: 1,
  });
  assert.equal(Object.fromEntries(countTerms('rekeying and rekeying')), { rekeying: 2 });
});
count('should count no phrase longer than 3 words', () => {
  const terms = countTerms('fast mobile car key programming');
  // 5 words + 4 pairs + 3 triples.
  assert.is(terms.size, 12);
  assert.is(terms.get('fast mobile car'), 1);
  assert.is(terms.get('car key programming'), 1);
  assert.is(terms.has('fast mobile car key'), false);
});
count.run();

const rank = suite('rankKeywords');
rank('should order by count, most first, then alphabetically', () => {
  assert.equal(rankKeywords({ beta: 1, alpha: 1, gamma: 3 }), [
    { keyword: 'gamma', count: 3 }, { keyword: 'alpha', count: 1 }, { keyword: 'beta', count: 1 },
  ]);
});
rank.run();

const rules = suite('category rules');
rules('should match a place or county only as its whole name', () => {
  const isLocation = locationRule(['Fence Lake', 'Grants', 'acoma'], ['Cibola']);
  for (const t of ['fence lake', 'fence lake locksmith', 'grants', 'locksmith grants', 'cibola county', 'acoma']) assert.ok(isLocation(t), t);
  for (const t of ['lake', 'fence', 'grant', 'lake fence']) assert.not.ok(isLocation(t), t);
});
rules('should match a name longer than 3 words by its first 3 words', () => {
  const isLocation = locationRule(['Navajo Nation Eastern Agency'], []);
  assert.ok(isLocation('navajo nation eastern'));
  assert.not.ok(isLocation('navajo nation'));
});
rules('should match a service word, singular or plural, but not the generic trade words', () => {
  const isService = serviceRule(['Car Lockouts', 'Emergency Locksmith Services', 'Master key systems']);
  for (const t of ['lockout', 'car lockouts', 'emergency', 'master keys', 'key', 'system']) assert.ok(isService(t), t);
  for (const t of ['locksmith', 'services', 'mobile locksmith']) assert.not.ok(isService(t), t);
});
rules('should match a word of the business name, not its stop words', () => {
  const isBrand = brandRule('The Mesa Lock Works');
  for (const t of ['mesa', 'lock works', 'door lock']) assert.ok(isBrand(t), t);
  for (const t of ['the', 'lockout', 'locksmith']) assert.not.ok(isBrand(t), t);
});
rules('should match an intent word', () => {
  const isSeo = seoRule();
  for (const t of ['emergency locksmith', '24/7', 'car lockout near', 'licensed']) assert.ok(isSeo(t), t);
  for (const t of ['car lockout', 'grants']) assert.not.ok(isSeo(t), t);
});
rules.run();

/** Hand-counted corpus: page /a/ has 12 term occurrences (9 distinct), /b/ has 18 (18 distinct). */
const CORPUS: KeywordCorpus = {
  businessName: 'Mesa Lock Works',
  places: ['Fence Lake', 'Grants'],
  counties: ['Cibola'],
  services: ['Car Lockout', 'Key programming', 'Emergency Locksmith Services'],
  pages: [
    { path: '/a/', title: 'Car Lockout', text: 'Fast car lockout in Fence Lake.' },
    { path: '/b/', title: 'Mesa Lock Works', text: 'Key programming near Grants and Cibola County.' },
  ],
};
const names = (entries: { keyword: string }[]) => entries.map((e) => e.keyword);

const analyze = suite('analyzeCorpus');
analyze('should count totalKeywords as every occurrence and uniqueKeywords as distinct terms', () => {
  const r = analyzeCorpus(CORPUS);
  assert.is(r.totalKeywords, 30);
  assert.is(r.uniqueKeywords, 27);
  assert.is(Object.keys(r.keywordFrequency).length, 27);
  assert.is(Object.values(r.keywordFrequency).reduce((a, b) => a + b, 0), 30);
});
analyze('should count the title and text of each page into pageKeywords', () => {
  const r = analyzeCorpus(CORPUS);
  assert.equal(r.pageKeywords['/a/'], {
    car: 2, lockout: 2, 'car lockout': 2, fast: 1, 'fast car': 1, 'fast car lockout': 1,
    fence: 1, lake: 1, 'fence lake': 1,
  });
  assert.is(Object.keys(r.pageKeywords['/b/']).length, 18);
  assert.equal(Object.keys(r.pageKeywords), ['/a/', '/b/']);
  assert.is(r.keywordFrequency.car, 2);
});
analyze('should list location keywords: terms with a place or county name', () => {
  assert.equal(names(analyzeCorpus(CORPUS).locationKeywords), ['cibola', 'cibola county', 'fence lake', 'grants', 'near grants', 'programming near grants']);
});
analyze('should list service keywords: terms with a service word, most frequent first', () => {
  assert.equal(names(analyzeCorpus(CORPUS).serviceKeywords), [
    'car', 'car lockout', 'lockout',
    'fast car', 'fast car lockout', 'key', 'key programming', 'key programming near', 'programming', 'programming near', 'programming near grants',
  ]);
  assert.equal(analyzeCorpus(CORPUS).serviceKeywords[0], { keyword: 'car', count: 2 });
});
analyze('should list brand keywords: terms with a word of the business name', () => {
  assert.equal(names(analyzeCorpus(CORPUS).brandKeywords), ['lock', 'lock works', 'mesa', 'mesa lock', 'mesa lock works', 'works']);
});
analyze('should list SEO keywords: terms with an intent word', () => {
  assert.equal(names(analyzeCorpus(CORPUS).seoKeywords), [
    'fast', 'fast car', 'fast car lockout', 'key programming near', 'near', 'near grants', 'programming near', 'programming near grants',
  ]);
});
analyze('should give empty results for an empty corpus', () => {
  const r = analyzeCorpus({ ...CORPUS, pages: [] });
  assert.equal([r.totalKeywords, r.uniqueKeywords, r.locationKeywords.length], [0, 0, 0]);
});
analyze.run();

const parse = suite('parseCorpus');
parse('should accept a corpus and return it', () => {
  assert.equal(parseCorpus(JSON.parse(JSON.stringify(CORPUS))), CORPUS);
});
parse('should throw a TypeError naming the bad field', () => {
  assert.throws(() => parseCorpus(null), /"\(root\)"/);
  assert.throws(() => parseCorpus({ ...CORPUS, places: 'Grants' }), /"places"/);
  assert.throws(() => parseCorpus({ ...CORPUS, pages: [{ path: '/a/', title: 'A' }] }), /"pages\[0\]"/);
  assert.throws(() => parseCorpus({ ...CORPUS, pages: [{ path: '/a/', title: 'A' }] }), (e: unknown) => e instanceof TypeError);
});
parse.run();

/** A result with 60 distinct terms, each category holding 30. */
function bigResult(): KeywordAnalysisResult {
  const entries = Array.from({ length: 60 }, (_, i) => ({ keyword: `term${String(i).padStart(2, '0')}`, count: 100 - i }));
  return {
    totalKeywords: entries.reduce((a, e) => a + e.count, 0),
    uniqueKeywords: 60,
    keywordFrequency: Object.fromEntries(entries.map((e) => [e.keyword, e.count])),
    pageKeywords: {},
    seoKeywords: entries.slice(0, 30),
    locationKeywords: entries.slice(0, 30),
    serviceKeywords: entries.slice(0, 30),
    brandKeywords: entries.slice(0, 30),
  };
}
function sectionLines(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `no section ${heading}`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => /^(\d+\.|-) /.test(l));
}

const view = suite('keywordView (what the worker sends the page)');
view('should keep every count but only the first LIST_LIMIT entries of each category, most frequent first', () => {
  const entries = Array.from({ length: 250 }, (_, i) => ({ keyword: `t${String(i).padStart(3, '0')}`, count: 1000 - i }));
  const result: KeywordAnalysisResult = {
    ...bigResult(), uniqueKeywords: 250, totalKeywords: 9, keywordFrequency: Object.fromEntries([...entries].reverse().map((e) => [e.keyword, e.count])),
    locationKeywords: entries.slice(0, 120), serviceKeywords: entries.slice(0, 3), brandKeywords: [], seoKeywords: entries.slice(0, 101),
  };
  const v = keywordView(result, 7);
  assert.equal([v.pageCount, v.totalKeywords, v.uniqueKeywords], [7, 9, 250]);
  assert.equal(Object.fromEntries(Object.entries(v.categories).map(([id, c]) => [id, [c.count, c.entries.length]])), {
    all: [250, LIST_LIMIT], location: [120, LIST_LIMIT], services: [3, 3], brand: [0, 0], seo: [101, LIST_LIMIT],
  });
  assert.equal(v.categories.all.entries, entries.slice(0, LIST_LIMIT), 'ranked again, not in the frequency map\'s order');
});
view('should hold every entry the report lists (REPORT_LIMITS within LIST_LIMIT)', () => {
  for (const [part, limit] of Object.entries(REPORT_LIMITS)) assert.ok(limit <= LIST_LIMIT, `${part}: ${limit}`);
});
view('should be what analyzeCorpusText returns for a corpus file', () => {
  assert.equal(analyzeCorpusText(JSON.stringify(CORPUS)), keywordView(analyzeCorpus(CORPUS), CORPUS.pages.length));
});
view.run();

const report = suite('buildKeywordReport');
report('should list the top 50 and up to 20 location, 20 service, 15 brand and 15 SEO entries', () => {
  const md = buildKeywordReport(keywordView(bigResult(), 35), 'Mesa Lock Works', new Date(2026, 10, 21));
  const top = sectionLines(md, 'Top 50 Keywords');
  assert.is(top.length, 50);
  assert.is(top[0], '1. term00: 100');
  assert.is(top[49], '50. term49: 51');
  assert.is(sectionLines(md, 'Location Keywords').length, 20);
  assert.is(sectionLines(md, 'Service Keywords').length, 20);
  assert.is(sectionLines(md, 'Brand Keywords').length, 15);
  assert.is(sectionLines(md, 'SEO Keywords').length, 15);
  assert.is(sectionLines(md, 'Location Keywords')[0], '- term00: 100');
});
report('should carry the business name, the date and the totals', () => {
  const md = buildKeywordReport(keywordView(analyzeCorpus(CORPUS), 2), 'Mesa Lock Works', new Date(2026, 10, 21, 23, 30));
  assert.ok(md.startsWith('# Keyword Analysis Report: Mesa Lock Works\n'));
  assert.ok(md.includes('\nDate: 2026-11-21\n'));
  assert.equal(sectionLines(md, 'Totals'), [
    '- Pages analysed: 2',
    '- Total keywords (every occurrence of a word or 2-3 word phrase): 30',
    '- Unique keywords: 27',
    '- Location keywords: 6',
    '- Service keywords: 11',
    '- Brand keywords: 6',
    '- SEO keywords: 8',
  ]);
  assert.is(sectionLines(md, 'Top 50 Keywords').length, 27);
});
report('should say so when a category is empty', () => {
  const md = buildKeywordReport(keywordView({ ...analyzeCorpus(CORPUS), brandKeywords: [] }, 2), 'X', new Date(2026, 0, 5));
  const lines = md.split('\n');
  assert.is(lines[lines.indexOf('## Brand Keywords') + 2], '_None found._');
});
report.run();

const names2 = suite('reportFileName and isoDate');
names2('should name the report after the business slug', () => {
  assert.is(reportFileName('cibola-mobile-locksmith'), 'cibola-mobile-locksmith-keyword-analysis.md');
});
names2('should write a local date as YYYY-MM-DD', () => {
  assert.is(isoDate(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
});
names2.run();

const counts = suite('formatCount (keyword page)');
counts('should group thousands exactly as Intl.NumberFormat en-US does', async () => {
  const { formatCount } = await import('../../islands/KeywordAnalysis.tsx');
  const intl = new Intl.NumberFormat('en-US');
  for (const n of [0, 7, 99, 100, 999, 1000, 1234, 12345, 123456, 1234567, 10_000_000, 2026, -1234, -999, Number.MAX_SAFE_INTEGER]) {
    assert.is(formatCount(n), intl.format(n), String(n));
  }
});
counts.run();
