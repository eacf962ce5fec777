/**
 * The pure parts of the live check (lib/deploy/live-check.ts): reading DEPLOY_LIVE_URL and
 * describing the first difference between a built page and the served one. The check against real
 * servers is test/deploy/live-check.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { firstDifference, readLiveUrl } from '../../lib/deploy/live-check.ts';
import { DeployError } from '../../lib/deploy/deploy-target.ts';
import { generateRedirectsFile, REDIRECTS, redirectsOfFile, siteRedirects } from '../../lib/site-files/hosting.ts';

const test = suite('live check');

test('DEPLOY_LIVE_URL: default siteUrl; http(s) only; no login in it; trailing slashes dropped', () => {
  assert.is(readLiveUrl({}, 'https://www.mesakeys.test'), 'https://www.mesakeys.test');
  assert.is(readLiveUrl({ DEPLOY_LIVE_URL: ' ' }, 'https://www.mesakeys.test/'), 'https://www.mesakeys.test');
  assert.is(readLiveUrl({ DEPLOY_LIVE_URL: 'http://127.0.0.1:8080/staging/' }, 'https://www.mesakeys.test'), 'http://127.0.0.1:8080/staging');
  const refused = (value: string): string => {
    try {
      readLiveUrl({ DEPLOY_LIVE_URL: value }, 'https://www.mesakeys.test');
    } catch (e) {
      assert.instance(e, DeployError);
      return (e as Error).message;
    }
    assert.unreachable(`${value} accepted`);
    return '';
  };
  assert.match(refused('not a url'), /^DEPLOY_LIVE_URL is not an address/);
  assert.match(refused('ftp://ftp.mesakeys.test/'), /^DEPLOY_LIVE_URL must start with http:\/\/ or https:\/\//);
  assert.match(refused('https://me:Secret@staging.mesakeys.test'), /contains a user name or password/);
  assert.not.match(refused('https://me:Secret@staging.mesakeys.test'), /Secret/);
});

test('the first difference is shown with its context on both sides', () => {
  const built = Buffer.from('<a href="mailto:office@mesakeys.test">Write</a>');
  const served = Buffer.from('<a href="/cdn-cgi/l/email-protection#1a2b">Write</a>');
  assert.is(firstDifference(built, served), 'first difference at byte 9: dist/ has "<a href=\\"mailto:office@mesakeys.test\\">Write</a>", the server sends "<a href=\\"/cdn-cgi/l/email-protection#1a2b\\">Write<"', '40 bytes on each side of the difference');
  assert.is(firstDifference(Buffer.from('abc'), Buffer.from('abcdef')), 'the server sends 3 more byte(s) after byte 3: "abcdef"');
  assert.is(firstDifference(Buffer.from('abcdef'), Buffer.from('ab')), 'the server\'s copy ends at byte 2 of 6: dist/ goes on with "abcdef"');
  const long = Buffer.from(`${'x'.repeat(100)}A${'y'.repeat(100)}`);
  const other = Buffer.from(`${'x'.repeat(100)}B${'y'.repeat(100)}`);
  assert.is(firstDifference(long, other), `first difference at byte 100: dist/ has "${'x'.repeat(40)}A${'y'.repeat(39)}", the server sends "${'x'.repeat(40)}B${'y'.repeat(39)}"`);
});

test('the redirects of a built _redirects file are every redirect of the build, each once', () => {
  const settings = { redirects: [{ from: '/old-prices/', to: '/services/' }, { from: '/spring-special.html', to: '/' }] };
  const all = siteRedirects(settings);
  assert.ok(all.length > REDIRECTS.length, 'the owner\'s redirects are there');
  const file = generateRedirectsFile(all);
  assert.equal(redirectsOfFile(file), all);
  assert.equal(redirectsOfFile(file.replace(/\n/g, '\r\n')), all, 'a file saved with Windows line ends');
  // A line of another status, and a comment, are not redirects.
  assert.equal(redirectsOfFile('# /a/ /b/ 301\n/c/ /d/ 302\n/e /f 301\n'), [{ from: '/e', to: '/f', status: 301 }]);
});

test.run();
