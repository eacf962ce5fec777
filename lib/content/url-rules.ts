/** The rules for the web addresses in content/settings.yaml, and a YouTube video id out of a pasted address. */

/** An 11-character YouTube video id, e.g. "aqz-KE-bpKQ". */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** YouTube's hosts, with or without "www." / "m." / "music.". */
const YOUTUBE_HOSTS = /^(?:(?:www|m|music)\.)?(?:youtube\.com|youtube-nocookie\.com)$/i;

/**
 * The video id in what an operator pasted: the id itself, or a YouTube address of the video
 * ("https://www.youtube.com/watch?v=ID", "https://youtu.be/ID", ".../embed/ID", ".../shorts/ID",
 * ".../live/ID", ".../v/ID", with or without "https://" and any extra parameters such as "&t=42s").
 * @returns the 11-character id, or undefined when there is none
 */
export function youTubeIdOf(input: string): string | undefined {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return undefined;
  const url = new URL(withScheme);
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (/^(?:www\.)?youtu\.be$/i.test(url.hostname)) id = segments[0];
  else if (YOUTUBE_HOSTS.test(url.hostname)) id = segments[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(segments[0]) ? segments[1] : undefined;
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/**
 * What is wrong with a Google Business Profile link (the profile or its write-a-review link), or
 * undefined: it must be on one of Google's hosts (google.com or a country's google.*, goo.gl,
 * g.page, g.co), so a profile of another site pasted in the wrong field is caught.
 */
export function googleUrlProblem(raw: string): string | undefined {
  if (!URL.canParse(raw)) return undefined; // linkUrlProblem reports it
  const host = new URL(raw).hostname.toLowerCase();
  if (/(^|\.)google\.[a-z.]{2,6}$/.test(host) || /(^|\.)(goo\.gl|g\.page|g\.co)$/.test(host)) return undefined;
  return `is on "${host}", not Google: put the address Google gives for your Business Profile, e.g. "https://maps.app.goo.gl/..." (social profiles go in "social")`;
}

/** How an address is written in examples. */
const EXAMPLE = '"https://www.yourdomain.com"';

/**
 * What is wrong with a link setting (review page, assistant, channel), or undefined when nothing:
 * https only, a domain of letters, digits, dots and hyphens, no user name or password. A path,
 * query and fragment are allowed (review links need them).
 * @returns one plain sentence starting with a verb ("must start with https://, …")
 */
export function linkUrlProblem(raw: string): string | undefined {
  if (/\s/.test(raw)) return `must not contain spaces, e.g. ${EXAMPLE}`;
  if (/^http:\/\//i.test(raw)) return `must start with https:// (not http://), e.g. ${EXAMPLE}`;
  if (!/^https:\/\//i.test(raw)) return `must be a full address starting with https://, e.g. ${EXAMPLE}`;
  if (!URL.canParse(raw)) return `is not a valid web address, e.g. ${EXAMPLE}`;
  const authority = raw.slice('https://'.length).split(/[/?#]/)[0];
  if (authority.includes('@')) return 'must not contain a user name or password (the part before "@")';
  const host = authority.replace(/:\d*$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => !/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(l))) {
    return `has the domain "${host}": a domain is letters, digits, dots and hyphens, e.g. "www.yourdomain.com"`;
  }
  return undefined;
}

/**
 * What is wrong with `siteUrl`, or undefined: the link rules, and it is the site's root, so no
 * port, path, trailing slash, query or fragment (every link of the site starts at "/", so the site
 * must be published at the root of its domain).
 */
export function siteUrlProblem(raw: string): string | undefined {
  const problem = linkUrlProblem(raw);
  if (problem) return problem;
  const url = new URL(raw);
  if (url.port) return `must not name a port (":${url.port}"), e.g. ${EXAMPLE}`;
  if (raw.includes('?')) return `must not have a query ("?…"), e.g. ${EXAMPLE}`;
  if (raw.includes('#')) return `must not have a fragment ("#…"), e.g. ${EXAMPLE}`;
  if (url.pathname !== '/' || raw.endsWith('/')) return `must be the site root without a trailing slash or path, e.g. ${EXAMPLE}`;
  return undefined;
}
