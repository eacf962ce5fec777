/**
 * The pre-publish check: what must not go online as the business's own (the sample identity of
 * lib/content/samples.ts), a siteUrl that does not belong to the deploy target, and, as warnings,
 * what does not add up (site-consistency.ts). Pure: the commands print the findings and decide.
 */
import {
  isSampleHost, isSampleRating, isSampleReview, isSampleVideo, SAMPLE_LINKS, SAMPLE_NAME, SAMPLE_PHONE_DIGITS, SAMPLE_VIDEOS, sampleCredentials,
} from '../content/samples.ts';
import { ratingText } from '../content/rating.ts';
import type { SiteData } from '../content/load-content.ts';
import {
  CONTENT_FILES, consistencyRemarks, contentRecords, type PageDescription, type Remark, type SourceText, strings, writtenForAnotherBase,
} from './site-consistency.ts';
import { fieldWords } from '../content/content-error.ts';

/** One problem, for one line of output. */
export interface Finding extends Remark {
  /** "sample": a sample value; "target": siteUrl vs the server; "warning": does not stop a command. */
  kind: 'sample' | 'target' | 'warning';
}

/** True for a finding that stops `npm run check` (exit 1) and `npm run deploy`; false for a warning. */
export const isBlocking = (f: Finding) => f.kind !== 'warning';

/** The one line an operator reads: file, record, field, message; a warning starts with "Warning: ". */
export function formatFinding(f: Finding): string {
  return `${f.kind === 'warning' ? 'Warning: ' : ''}${f.file}: ${f.record ? `${f.record}: ` : ''}${fieldWords(f.field)} ${f.message}`;
}

/** What the check knows about the deploy target. */
export interface TargetSite {
  /** Host name of the server uploaded to, e.g. "ftp.yourdomain.com" or "203.0.113.7". */
  host: string;
  /** DEPLOY_SITE_URL: the site the operator says that server publishes, when set. */
  siteUrl?: string;
}

const SITE_FILE = CONTENT_FILES.settings;

/** Fictional 555-01xx numbers written in text: "(505) 555-0123", "505.555.0100". */
const SAMPLE_PHONE_IN_TEXT = /\(?\b\d{3}\)?[\s.-]*555[\s.-]*01\d\d\b/;
/** Host names in links and e-mail addresses inside text. */
const HOSTS_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/|@)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

/** True for a fictional 555-01xx number (SAMPLE_PHONE_DIGITS), judged on its 10 national digits. */
const isSamplePhone = (phone: { e164: string }) => SAMPLE_PHONE_DIGITS.test(phone.e164.replace(/\D/g, '').slice(-10));
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname : '');
const IP_OR_LOCAL = /^(localhost|(\d{1,3}\.){3}\d{1,3}|\[[0-9a-f:]+\])$/i;

/** The settings fields that are links, with what an operator should put there. */
const LINK_FIELDS = {
  reviewUrl: 'your review page on a search provider',
  assistantUrl: 'your AI chat assistant',
  channelUrl: 'your video channel',
} as const;

/** Settings with a rule of their own; the text scan covers the rest. */
const SETTINGS_CHECKED_ABOVE = ['phone', 'email', 'siteUrl', 'videos', 'rating', 'credentials', ...Object.keys(LINK_FIELDS)];

/** What each sample credential is, and what to put instead. */
const CREDENTIAL_FIELDS = {
  licence: 'a sample licence: put the issuer and number of your licence, or licence: null if you have none (the build then names every text that says "licensed")',
  insurance: 'a sample insurance: put the kind of cover you have and your insurer\'s name (or insurer: ""), or insurance: null if you are not insured (the build then names every text that says "insured")',
  bureau: 'a sample business bureau: put its name and the link to your profile there, or bureau: null if you are not accredited (the build then names every text that says "accredited")',
} as const;

/**
 * Runs every rule over the validated content.
 * @param target the deploy target, when one is configured; without it siteUrl is not compared
 * @param pages  the route table, on which the meta descriptions are checked
 * @param sourceOf the text of a value as the owner wrote it (the coordinates' decimals are counted in it)
 * @returns the sample and target findings in file order, one per field (a field is reported once,
 *   by its first rule), then the warnings (site-consistency.ts)
 */
export function checkSite(site: SiteData, target?: TargetSite, pages?: readonly PageDescription[], sourceOf?: SourceText): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const add = (f: Omit<Finding, 'kind'> & { kind?: Finding['kind'] }) => {
    const key = `${f.file}\0${f.record ?? ''}\0${f.field}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push({ kind: 'sample', ...f });
  };
  const s = site.settings;

  if (isSamplePhone(s.phone)) {
    add({ file: SITE_FILE, field: 'phone', message: `is the sample number ${s.phone.national} (555-0100 to 555-0199 are reserved for fiction): put the business's own number.` });
  }
  const shareImage = sampleShareImage(s);
  if (shareImage) add({ file: SITE_FILE, field: 'shareImage', message: shareImage });
  if (isSampleHost(s.email.split('@').pop() ?? '')) add({ file: SITE_FILE, field: 'email', message: `is a sample address (${s.email}): put the address customers should write to.` });
  const siteHost = hostOf(s.siteUrl);
  if (!siteHost || isSampleHost(siteHost) || IP_OR_LOCAL.test(siteHost)) {
    add({ file: SITE_FILE, field: 'siteUrl', message: `is a placeholder (${s.siteUrl || 'empty'}): put the https:// address of the business's own domain.` });
  }
  for (const [field, what] of Object.entries(LINK_FIELDS) as [keyof typeof LINK_FIELDS, string][]) {
    const url = s[field];
    if (isSampleHost(hostOf(url)) || SAMPLE_LINKS.includes(url.replace(/\/$/, ''))) add({ file: SITE_FILE, field, message: `links to a sample page (${url}): put the address of ${what}.` });
  }
  if (s.rating && isSampleRating(s.rating)) {
    add({ file: SITE_FILE, field: 'rating', message: `is the sample rating (${ratingText(s.rating)}, linked to ${s.rating.url}): put your own rating and the link to its reviews, or rating: null for none.` });
  }
  for (const which of sampleCredentials(s.credentials)) {
    add({ file: SITE_FILE, field: `credentials.${which}`, message: `is ${CREDENTIAL_FIELDS[which]}.` });
  }
  const videos = s.videos.map((v, i) => [`videos.${i}.youtubeId`, v.youtubeId]);
  for (const [field, id] of videos) {
    if (!isSampleVideo(id)) continue;
    const title = SAMPLE_VIDEOS.find((v) => v.youtubeId === id)?.realTitle;
    add({ file: SITE_FILE, field, message: `is a sample video (${id}, ${title}), not one of the business's: put the id of your own video.` });
  }
  site.home.reviews.forEach((r, i) => {
    if (isSampleReview(r)) {
      add({ file: CONTENT_FILES.home, record: `review ${i + 1} ("${r.name}")`, field: 'text', message: 'is a sample review, not a real customer\'s: replace the sample reviews in "reviews" with reviews your customers gave (with their permission).' });
    }
  });

  // Sample phone numbers and example.* links written anywhere else in the content.
  const otherSettings = Object.fromEntries(Object.entries(s).filter(([k]) => !SETTINGS_CHECKED_ABOVE.includes(k)));
  for (const { file, record, label } of contentRecords(site, otherSettings)) {
    for (const [field, text] of strings(record)) {
      const phone = SAMPLE_PHONE_IN_TEXT.exec(text);
      const host = [...text.matchAll(HOSTS_IN_TEXT)].map((m) => m[1]).find(isSampleHost);
      if (phone) add({ file, record: label, field, message: `contains the sample number ${phone[0].trim()} (555-0100 to 555-0199 are reserved for fiction): write the business's own number.` });
      else if (host) add({ file, record: label, field, message: `links to the sample domain ${host}: write the business's own address.` });
    }
  }

  if (target && siteHost) {
    const finding = targetMismatch(s.siteUrl, target);
    if (finding) findings.push({ file: SITE_FILE, field: 'siteUrl', message: finding, kind: 'target' });
  }
  for (const remark of writtenForAnotherBase(site)) add(remark);
  for (const remark of consistencyRemarks(site, pages, sourceOf)) findings.push({ ...remark, kind: 'warning' });
  return findings;
}

/** The message when no `shareImage` is named and the generated one is drawn from a sample name or phone. */
function sampleShareImage(s: SiteData['settings']): string | undefined {
  if (s.shareImage) return undefined;
  const samples = [
    s.name === SAMPLE_NAME ? `name "${s.name}"` : '',
    isSamplePhone(s.phone) ? `phone ${s.phone.national}` : '',
  ].filter(Boolean);
  if (!samples.length) return undefined;
  return `is not set, so the share image (the picture shown wherever a page is shared, and the business's image in its structured data) is drawn from the sample ${samples.join(' and ')}: put the business's own ${samples.length > 1 ? 'name and phone' : samples[0].split(' ')[0]} (the image follows), or name a photo of your own in shareImage.`;
}

/**
 * Whether siteUrl belongs to the server deployed to: the same origin as DEPLOY_SITE_URL when set,
 * else the server's host is the site's domain or a name under it ("ftp.yourdomain.com").
 * @returns the message of the finding, or undefined when they match
 */
export function targetMismatch(siteUrl: string, target: TargetSite): string | undefined {
  const site = new URL(siteUrl);
  if (target.siteUrl) {
    if (!URL.canParse(target.siteUrl)) return `cannot be compared: DEPLOY_SITE_URL "${target.siteUrl}" is not an address; write it like https://www.yourdomain.com.`;
    const declared = new URL(target.siteUrl);
    if (declared.origin === site.origin) return undefined;
    return `is ${site.origin} but DEPLOY_SITE_URL says the server publishes ${declared.origin}: deploy this site to its own server, or correct one of the two.`;
  }
  const domain = site.hostname.replace(/^www\./, '').toLowerCase();
  const host = target.host.toLowerCase();
  if (host === domain || host.endsWith(`.${domain}`)) return undefined;
  return `is ${site.origin} but the deploy goes to ${target.host}: if that server publishes ${site.hostname}, say so with DEPLOY_SITE_URL=${site.origin} in .env.`;
}
