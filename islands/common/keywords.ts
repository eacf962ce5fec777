/**
 * The keyword analysis: which words and phrases the site's pages use. Pure functions, no DOM: the
 * /keyword-analysis/ island runs them in the browser over /keyword-corpus.json (lib/site-files/corpus.ts),
 * and test/unit/keywords.test.ts runs them in Node.
 *
 * How text becomes terms:
 * 1. Text is lowercased and cut into SEGMENTS at line breaks and punctuation (. , ; : ! ? ( ) | "
 *    dashes, a hyphen with a space beside it, and so on). A phrase never crosses a segment edge,
 *    so "Grants, Milan" gives no phrase "grants milan".
 * 2. Each segment is cut into TOKENS: runs of letters and digits, keeping an inner apostrophe
 *    ("don't") and a digit/digit slash ("24/7"). A hyphen inside a word separates two tokens of
 *    the same phrase ("key-programming" reads as "key programming"); a possessive "'s" is removed.
 * 3. A token is KEPT when it is longer than 2 characters, is not a stop word
 *    (STOP_WORDS) and contains a letter (a number alone, such as a price, a ZIP code or a year,
 *    is not a keyword), or is a digit/digit token such as "24/7".
 * 4. TERMS are every kept word and every 2- and 3-word phrase of kept tokens that stand next to
 *    each other in the text. A dropped token breaks the phrase: "locksmith in Grants" gives the
 *    words "locksmith" and "grants" but no phrase "locksmith grants" (that pair never occurs as
 *    such on the page, so it would credit the page with wording it does not use).
 */

/** Words of this many characters or fewer are dropped. */
const MAX_DROPPED_WORD_LENGTH = 2;

/** Longest phrase counted, in words: single words plus 2- and 3-word phrases. */
const MAX_PHRASE_WORDS = 3;

/**
 * English stop words: function words that carry no topic. The English list of NLTK
 * (nltk.corpus.stopwords, itself from the Snowball project) restricted to words longer than 2
 * characters (shorter ones are dropped anyway), plus common modal verbs, adverbs and
 * contractions a web page uses as glue ("also", "can", "may", "will", "you'll", "we're").
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  // NLTK English list, words of 3+ characters
  'about', 'above', 'after', 'again', 'against', 'ain', 'all', 'and', 'any', 'are', 'aren', "aren't",
  'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'can', 'couldn', "couldn't",
  'did', 'didn', "didn't", 'does', 'doesn', "doesn't", 'doing', 'don', "don't", 'down', 'during',
  'each', 'few', 'for', 'from', 'further', 'had', 'hadn', "hadn't", 'has', 'hasn', "hasn't", 'have',
  'haven', "haven't", 'having', 'her', 'here', 'hers', 'herself', 'him', 'himself', 'his', 'how',
  'into', 'isn', "isn't", "it's", 'its', 'itself', 'just', 'mightn', "mightn't", 'more', 'most',
  'mustn', "mustn't", 'myself', 'needn', "needn't", 'nor', 'not', 'now', 'off', 'once', 'only',
  'other', 'our', 'ours', 'ourselves', 'out', 'over', 'own', 'same', 'shan', "shan't", 'she',
  "she's", 'should', "should've", 'shouldn', "shouldn't", 'some', 'such', 'than', 'that', "that'll",
  'the', 'their', 'theirs', 'them', 'themselves', 'then', 'there', 'these', 'they', 'this', 'those',
  'through', 'too', 'under', 'until', 'very', 'was', 'wasn', "wasn't", 'were', 'weren', "weren't",
  'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'won', "won't",
  'wouldn', "wouldn't", 'you', "you'd", "you'll", "you're", "you've", 'your', 'yours', 'yourself',
  'yourselves',
  // Glue words of web copy, not in NLTK's list
  'also', 'could', 'would', 'may', 'might', 'must', 'shall', 'yet', 'via', 'per', 'etc', 'get',
  'gets', 'got', 'let', "let's", "we're", "we'll", "we've", "we'd", "they're", "they'll", "i'm",
  "i'll", "i've", "can't", "there's", "here's", "what's", 'even', 'ever', 'every', 'many', 'much',
  'well', 'like', 'one', 'within',
]);

/**
 * Intent words: terms a searcher adds to a trade when looking for a local service now
 * ("emergency locksmith near me", "24/7 locksmith", "licensed locksmith", "car lockout cost"),
 * plus the trade word itself. The rule of `seoKeywords`; kept here as the documented list.
 */
const SEO_INTENT_WORDS: ReadonlySet<string> = new Set([
  'locksmith', 'locksmiths', 'emergency', 'near', '24/7', 'fast', 'quick', 'licensed', 'insured',
  'mobile', 'affordable', 'local', 'professional', 'cost', 'price', 'prices', 'quote', 'free',
  'hour', 'hours', 'open', 'nearby',
]);

/**
 * Words of service names that name the trade rather than a service ("Automotive Locksmith",
 * "Emergency Services"); left out of the service vocabulary so that not every "locksmith"
 * phrase counts as a service keyword.
 */
const GENERIC_SERVICE_WORDS: ReadonlySet<string> = new Set(['locksmith', 'locksmiths', 'service', 'services']);

/** One page of the corpus: its path, its title and its visible text (lines separated by "\n"). */
export interface CorpusPage {
  /** Site path, e.g. "/areas/grants/". */
  path: string;
  /** The page's <title>. */
  title: string;
  /** Visible text of the page's main content, one block per line, no markup. */
  text: string;
}

/**
 * What the build writes to /keyword-corpus.json (lib/site-files/corpus.ts): the indexable pages and the
 * vocabularies the categories are defined by, all derived from the content.
 */
export interface KeywordCorpus {
  /** The business name (settings name): its words are the brand words. */
  businessName: string;
  /** Served place names: every community's name, and its slug read as words (e.g. "acoma"). */
  places: string[];
  /** Counties served: every county of the communities (lib/content/counties.ts `countiesServed().all`). */
  counties: string[];
  /** Names and sub-services of the core and specialised services. */
  services: string[];
  pages: CorpusPage[];
}

/** A term and how many times it occurs. */
export interface KeywordEntry {
  keyword: string;
  count: number;
}

/** The analysis result. */
export interface KeywordAnalysisResult {
  /** Occurrences of all terms (words and 2- and 3-word phrases) over all pages: the sum of keywordFrequency. */
  totalKeywords: number;
  /** Distinct terms: the number of keys of keywordFrequency. */
  uniqueKeywords: number;
  /** Term -> occurrences over all pages. */
  keywordFrequency: Record<string, number>;
  /** Page path -> that page's own term -> occurrences. */
  pageKeywords: Record<string, Record<string, number>>;
  /** Terms containing an intent word (SEO_INTENT_WORDS); most frequent first. */
  seoKeywords: KeywordEntry[];
  /** Terms containing a served place or county name; most frequent first. */
  locationKeywords: KeywordEntry[];
  /** Terms containing a word of a service's name or sub-services; most frequent first. */
  serviceKeywords: KeywordEntry[];
  /** Terms containing a word of the business name; most frequent first. */
  brandKeywords: KeywordEntry[];
}

/**
 * One pass over the text: group 1 is a token (digits/digits such as "24/7", or letters and digits
 * with inner apostrophes such as "don't"); group 2 is a segment break (a line break, a hyphen
 * beside a space, or any character other than a letter, digit, space, apostrophe, slash or hyphen).
 */
const TOKEN_OR_BREAK = /(\d+\/\d+|[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*)|(\n|\s-+|-+\s|[^\p{L}\p{N}\s'\/-])/gu;
/** Tokens without a letter: numbers, "12'34"; "24/7" is let through by SLASH_NUMBER. */
const NO_LETTER = /^[\d'/]+$/;
const SLASH_NUMBER = /^\d+\/\d+$/;

/** Lowercase, compatibility-normalised text with typographic apostrophes made plain. */
function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Every token of a text in order, lowercased, kept or not, grouped by segment. */
function segmentTokens(text: string): string[][] {
  const segments: string[][] = [[]];
  for (const m of normalize(text).matchAll(TOKEN_OR_BREAK)) {
    if (m[1] === undefined) {
      if (segments[segments.length - 1].length) segments.push([]);
    } else {
      segments[segments.length - 1].push(m[1].endsWith("'s") ? m[1].slice(0, -2) : m[1]);
    }
  }
  return segments;
}

/**
 * Whether a token is kept as a keyword word (rule 3 of the module comment).
 * @param token a lowercased token
 */
export function isKeywordWord(token: string): boolean {
  if (token.length <= MAX_DROPPED_WORD_LENGTH || STOP_WORDS.has(token)) return false;
  return !NO_LETTER.test(token) || SLASH_NUMBER.test(token);
}

/**
 * Runs of kept words: the stretches of a text in which phrases are formed. A dropped token or a
 * segment edge ends a run.
 * @param text any plain text
 * @returns e.g. "Call a locksmith in Grants, NM today" -> [["call"], ["locksmith"], ["grants"], ["today"]]
 */
export function keywordRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const end = () => { if (run.length) { runs.push(run); run = []; } };
  for (const m of normalize(text).matchAll(TOKEN_OR_BREAK)) {
    if (m[1] === undefined) { end(); continue; }
    const token = m[1].endsWith("'s") ? m[1].slice(0, -2) : m[1];
    if (isKeywordWord(token)) run.push(token);
    else end();
  }
  end();
  return runs;
}

/**
 * Counts the terms of one text: each kept word and each 2- and 3-word phrase of adjacent kept words.
 * @returns term -> occurrences, e.g. "Car lockout. Car lockout help" -> car 2, lockout 2,
 *   "car lockout" 2, help 1, "lockout help" 1, "car lockout help" 1
 */
export function countTerms(text: string, into: Map<string, number> = new Map()): Map<string, number> {
  for (const run of keywordRuns(text)) {
    for (let i = 0; i < run.length; i++) {
      for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= run.length; n++) {
        const term = run.slice(i, i + n).join(' ');
        into.set(term, (into.get(term) ?? 0) + 1);
      }
    }
  }
  return into;
}

/** Entries of a frequency map or record, most frequent first, ties in alphabetical order. */
export function rankKeywords(freq: Map<string, number> | Record<string, number>): KeywordEntry[] {
  const entries = freq instanceof Map ? [...freq] : Object.entries(freq);
  return entries
    .map(([keyword, count]) => ({ keyword, count }))
    .sort((a, b) => b.count - a.count || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
}

/** Every token of a name, lowercased, kept or not: "Fence Lake" -> ["fence", "lake"]. */
function nameWords(name: string): string[] {
  return segmentTokens(name).flat();
}

/** Plural folding for service words: "lockouts" -> "lockout", "keys" -> "key"; "access" stays. */
function foldPlural(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Whether `words` contains `part` as consecutive words. */
function containsSequence(words: string[], part: string[]): boolean {
  outer: for (let i = 0; i + part.length <= words.length; i++) {
    for (let j = 0; j < part.length; j++) if (words[i + j] !== part[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The location rule: a term is a location keyword when it contains the name of a served place
 * or county as consecutive whole words ("grants", "locksmith grants", "fence lake", "cibola
 * county"); "lake" alone is not one. A name longer than MAX_PHRASE_WORDS is matched by its first
 * MAX_PHRASE_WORDS words, since no term is longer.
 * @param places  place names from the content (communities' names and slugs)
 * @param counties county names from the content
 * @returns a predicate over terms
 */
export function locationRule(places: string[], counties: string[]): (term: string) => boolean {
  const names = [...places, ...counties].map((n) => nameWords(n).slice(0, MAX_PHRASE_WORDS)).filter((w) => w.length > 0);
  return (term) => {
    const words = term.split(' ');
    return names.some((name) => containsSequence(words, name));
  };
}

/**
 * The service rule: a term is a service keyword when one of its words, singular or plural, is a
 * word of a service's name or sub-services (kept words only, minus GENERIC_SERVICE_WORDS):
 * "car lockout", "rekeying", "master keys", "ignition". Derived from the content.
 * @param services service names and sub-services, e.g. ["Car Lockout", "Key programming"]
 */
export function serviceRule(services: string[]): (term: string) => boolean {
  const vocabulary = new Set(
    services.flatMap(nameWords).filter((w) => isKeywordWord(w) && !GENERIC_SERVICE_WORDS.has(w)).map(foldPlural),
  );
  return (term) => term.split(' ').some((w) => vocabulary.has(foldPlural(w)));
}

/**
 * The brand rule: a term is a brand keyword when it contains a kept word of the business name
 * ("Cibola Mobile Locksmith" -> cibola, mobile, locksmith).
 * @param businessName the settings name
 */
export function brandRule(businessName: string): (term: string) => boolean {
  const words = new Set(nameWords(businessName).filter(isKeywordWord));
  return (term) => term.split(' ').some((w) => words.has(w));
}

/**
 * The SEO rule: a term is an SEO keyword when it contains an intent word (SEO_INTENT_WORDS),
 * e.g. "emergency locksmith", "24/7 service", "licensed insured".
 */
export function seoRule(): (term: string) => boolean {
  return (term) => term.split(' ').some((w) => SEO_INTENT_WORDS.has(w));
}

/**
 * Analyses a corpus: every page's title and text, each counted as its own block.
 * @returns the result; category lists hold every matching term, most frequent first
 */
export function analyzeCorpus(corpus: KeywordCorpus): KeywordAnalysisResult {
  const total = new Map<string, number>();
  const pageKeywords: Record<string, Record<string, number>> = {};
  for (const page of corpus.pages) {
    const own = countTerms(`${page.title}\n${page.text}`);
    pageKeywords[page.path] = Object.fromEntries(own);
    for (const [term, n] of own) total.set(term, (total.get(term) ?? 0) + n);
  }
  const ranked = rankKeywords(total);
  const pick = (rule: (term: string) => boolean) => ranked.filter((e) => rule(e.keyword));
  let totalKeywords = 0;
  for (const n of total.values()) totalKeywords += n;
  return {
    totalKeywords,
    uniqueKeywords: total.size,
    keywordFrequency: Object.fromEntries(ranked.map((e) => [e.keyword, e.count])),
    pageKeywords,
    seoKeywords: pick(seoRule()),
    locationKeywords: pick(locationRule(corpus.places, corpus.counties)),
    serviceKeywords: pick(serviceRule(corpus.services)),
    brandKeywords: pick(brandRule(corpus.businessName)),
  };
}

/**
 * Checks that parsed JSON has the corpus shape.
 * @throws TypeError naming the first field that is missing or of the wrong type
 */
export function parseCorpus(json: unknown): KeywordCorpus {
  const fail = (field: string): never => { throw new TypeError(`Keyword corpus: "${field}" is missing or not of the expected type.`); };
  const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (typeof json !== 'object' || json === null) fail('(root)');
  const c = json as Record<string, unknown>;
  if (typeof c.businessName !== 'string') fail('businessName');
  for (const key of ['places', 'counties', 'services'] as const) if (!isStrings(c[key])) fail(key);
  if (!Array.isArray(c.pages)) fail('pages');
  (c.pages as unknown[]).forEach((p, i) => {
    const page = p as Record<string, unknown> | null;
    if (!page || typeof page.path !== 'string' || typeof page.title !== 'string' || typeof page.text !== 'string') fail(`pages[${i}]`);
  });
  return c as unknown as KeywordCorpus;
}

/** Keywords listed on screen per category at most; the rest are only counted. */
export const LIST_LIMIT = 100;

/** The category tabs of the keyword page, in the order the page shows them. */
export const KEYWORD_CATEGORIES = [
  { id: 'all', label: 'All' },
  { id: 'location', label: 'Location' },
  { id: 'services', label: 'Services' },
  { id: 'brand', label: 'Brand' },
  { id: 'seo', label: 'SEO' },
] as const;
/** A category tab's id: "all", "location", "services", "brand" or "seo". */
export type CategoryId = (typeof KEYWORD_CATEGORIES)[number]['id'];

/**
 * The analysis as the keyword page shows it and its report lists it: totals, and per category
 * the number of terms and the first LIST_LIMIT of them, most frequent first. Built in the keyword
 * worker, so the page receives about 500 entries instead of the whole analysis (2,000+ terms
 * four times over, whose structured clone alone is a long task on the page's main thread).
 */
export interface KeywordView {
  /** Pages the corpus held. */
  pageCount: number;
  /** Occurrences of all terms (KeywordAnalysisResult.totalKeywords). */
  totalKeywords: number;
  /** Distinct terms (KeywordAnalysisResult.uniqueKeywords). */
  uniqueKeywords: number;
  /** Per category: how many terms it has, and its first LIST_LIMIT terms, most frequent first. */
  categories: Record<CategoryId, { count: number; entries: KeywordEntry[] }>;
}

/**
 * Cuts an analysis down to what the page shows (KeywordView).
 * @param result    the whole analysis (analyzeCorpus)
 * @param pageCount pages analysed
 * @param limit     entries kept per category (LIST_LIMIT; the report's lists, REPORT_LIMITS, fit within it)
 */
export function keywordView(result: KeywordAnalysisResult, pageCount: number, limit = LIST_LIMIT): KeywordView {
  const lists: Record<CategoryId, KeywordEntry[]> = {
    all: rankKeywords(result.keywordFrequency),
    location: result.locationKeywords,
    services: result.serviceKeywords,
    brand: result.brandKeywords,
    seo: result.seoKeywords,
  };
  const categories = {} as KeywordView['categories'];
  for (const { id } of KEYWORD_CATEGORIES) categories[id] = { count: lists[id].length, entries: lists[id].slice(0, limit) };
  return { pageCount, totalKeywords: result.totalKeywords, uniqueKeywords: result.uniqueKeywords, categories };
}

/**
 * The whole analysis of the corpus file's text: parse, check the shape, count, rank and cut down to
 * what the page shows. Run in the keyword worker (islands/workers/keyword-analysis.ts); the page
 * itself never runs it.
 * @param text the body of /keyword-corpus.json (lib/site-files/corpus.ts)
 * @throws SyntaxError for invalid JSON; TypeError naming the field for a corpus of the wrong shape
 */
export function analyzeCorpusText(text: string): KeywordView {
  const corpus = parseCorpus(JSON.parse(text));
  return keywordView(analyzeCorpus(corpus), corpus.pages.length);
}
