/**
 * `npm run deploy`: builds the site, runs the pre-publish check, then deploys dist/ to DEPLOY_TARGET
 * (lib/deploy/deploy.ts) and reads the live site back (lib/deploy/live-check.ts). Progress on one
 * updating line on a terminal, plain lines otherwise; exits 1 on any failure, with one line saying
 * what to do, never a password. A new SFTP host key is asked about on /dev/tty. docs/publishing.md
 * says what each line and option means (--dry-run, --allow-sample, --no-build, --no-live-check,
 * --verify). --events is for the editor's Publish panel (lib/edit/publish.ts): one JSON object per
 * line, { type: 'line', line } for each line printed, { type: 'progress', done, total } per file,
 * and last { type: 'end', code, summary?, live? } (live: { ok, pages, files, lines }).
 */
import { existsSync, openSync } from 'node:fs';
import { ReadStream as TtyReadStream, WriteStream as TtyWriteStream } from 'node:tty';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ContentError } from '../lib/content/schema.ts';
import { buildToFolder } from '../build.ts';
import { describeBuildError, formatProblem } from '../lib/build/build-error.ts';
import { ConfigError, PROJECT_ROOT, resolveConfig } from '../lib/config.ts';
import { deploy, PartialDeployError, type DeployEvent, type DeployReport } from '../lib/deploy/deploy.ts';
import { DeployError, describeTarget, loadDotEnv, maskSecret, readTarget, recordCopyFile, transportWarnings } from '../lib/deploy/deploy-target.ts';
import { loadProjectContent } from '../lib/content/load-content.ts';
import { writtenValues } from '../lib/content/read-content.ts';
import { checkSite, formatFinding, isBlocking } from '../lib/check/prepublish-check.ts';
import { buildRoutes } from '../pages/routes.ts';
import { readLiveUrl } from '../lib/deploy/live-check.ts';

const USAGE = 'Usage: npm run deploy -- [--dry-run] [--allow-sample] [--no-build] [--no-live-check] [--verify]';
let args: { 'dry-run'?: boolean; 'allow-sample'?: boolean; 'no-build'?: boolean; 'no-live-check'?: boolean; verify?: boolean; events?: boolean };
try {
  args = parseArgs({ options: { 'dry-run': { type: 'boolean' }, 'allow-sample': { type: 'boolean' }, 'no-build': { type: 'boolean' }, 'no-live-check': { type: 'boolean' }, verify: { type: 'boolean' }, events: { type: 'boolean' } } }).values;
} catch (error) {
  console.log(`${(error as Error).message.split('\n')[0].replace(/\.?$/, '.')} ${USAGE}`);
  process.exit(1);
}
const dryRun = Boolean(args['dry-run']);
const events = Boolean(args.events);
const tty = !events && Boolean(process.stdout.isTTY);
let secret: string | undefined;
/** The target as the summary names it (describeTarget), once main() has read it. */
let shownTarget: string | undefined;
/** For --events: the summary line and the live check's result, sent with the last object. */
const outcome: { summary?: string; live?: { ok: boolean; pages: number; files: number; lines: string[] } } = {};

/** Prints a line. The password is masked in the values a line quotes, as they are put in, never in the whole line (maskSecret). */
function say(line: string): void {
  if (events) return emit({ type: 'line', line });
  if (tty) process.stdout.write('\r\x1b[K');
  console.log(line);
}

/** --events: one JSON object on a line of its own. */
function emit(event: Record<string, unknown>): void {
  console.log(JSON.stringify(event));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The progress display: one rewritten line on a terminal, a line per file otherwise. */
function show(e: DeployEvent): void {
  if (e.type === 'connected') {
    if (e.identity) say(e.identity);
  } else if (e.type === 'found') {
    const list = (names: string[]) => `${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''}`;
    const replaced = e.replaced.length ? `, except ${list(e.replaced)}, which the site's own file${e.replaced.length > 1 ? 's replace' : ' replaces'}` : '';
    say(`First deploy here: the folder already holds ${e.names.length} item(s) this deploy did not put there; they are left as they are${replaced}: ${list(e.names)}`);
  } else if (e.type === 'recovered') {
    const restored = e.restored.length ? `put back ${e.restored.join(', ')} (moved aside when it stopped)` : '';
    const removed = e.removed.length ? `deleted ${e.removed.length} temporary file(s) it left (${e.removed.slice(0, 6).join(', ')}${e.removed.length > 6 ? ', …' : ''})` : '';
    say(`An earlier deploy was interrupted: ${[restored, removed].filter(Boolean).join('; ')}. This one finishes its work.`);
  } else if (e.type === 'host-rule' && e.rule === 'no-overwrite') {
    say(`The server will not replace a file in place (${e.reply}; ProFTPD: AllowOverwrite off): each changed file is renamed aside, the new one renamed in, the old one deleted. Between those two renames that one file is missing for a moment; if the deploy is cut off there, the next one puts it back first.`);
  } else if (e.type === 'host-rule' && e.rule === 'no-dot-names') {
    say(`The server refuses names starting with a dot (${e.reply}): the deploy record is ${e.record} here, readable by anyone who asks for it (it lists only the public files' names and SHA-256), and temporary names carry no dot.`);
  } else if (e.type === 'warning') {
    say(e.message);
  } else if (e.type === 'differs') {
    say(`Read back: ${e.path} ${e.missing ? 'is missing on the server' : 'on the server differs from the build'}; it is uploaded again.`);
  } else if (e.type === 'lock-wait') {
    say(`Another deploy, ${e.owner}, is writing to this server; waiting up to ${e.waitS} s for it to finish (DEPLOY_LOCK_WAIT_SECONDS) …`);
  } else if (e.type === 'lock-taken-over') {
    say(`Took over the server's deploy lock from ${e.owner}: ${e.why}. Whatever that run left half done is repaired now.`);
  } else if (e.type === 'retry') {
    say(`${e.message} Trying again in ${e.waitMs / 1000} s (attempt ${e.attempt + 1}).`);
  } else if (e.type === 'begin' && tty) {
    const line = `Uploading ${e.done + 1}/${e.total}  ${kb(e.bytesDone)} of ${kb(e.bytesTotal)}  ${e.phase}  ${e.path}`;
    process.stdout.write(`\r\x1b[K${line.slice(0, (process.stdout.columns || 80) - 1)}`);
  } else if (e.type === 'file' && events) {
    emit({ type: 'progress', done: e.done, total: e.total });
  } else if (e.type === 'file' && !tty) {
    const verb = { upload: 'uploaded', replace: 'replaced', delete: 'deleted ' }[e.action];
    say(`${verb} ${e.done}/${e.total} ${e.path}${e.bytes ? ` (${kb(e.bytes)})` : ''}`);
  } else if (e.type === 'checkpoint' && !tty && !events) {
    say(`progress saved on the server: ${e.recorded} of ${e.total} files recorded`);
  }
}

function summary(r: DeployReport, where: string): string {
  const s = (r.ms / 1000).toFixed(1);
  if (r.dryRun) {
    return `Dry run, nothing changed on ${where}: would upload ${r.uploaded.length} new, replace ${r.replaced.length}, delete ${r.deleted.length}; ${r.unchanged} unchanged; ${kb(r.bytes)} to send.`;
  }
  const record = r.recordWrites ? ` (and the deploy record ${r.recordWrites}x, ${kb(r.recordBytes)})` : '';
  const nothing = r.uploaded.length + r.replaced.length + r.deleted.length + r.refused.length === 0 ? ` The server already had this build${r.readBack ? ` (all ${r.readBack} files read back)` : ''}.` : '';
  const readBack = r.readBack ? ` Read back ${r.readBack} files from the server: ${r.differed.length ? `${r.differed.length} differed and were uploaded again (${r.differed.slice(0, 6).join(', ')}${r.differed.length > 6 ? ', …' : ''})` : 'all as built'}.` : '';
  const kept = r.retired.length ? ` ${r.retired.length} fingerprinted file(s) of the previous build (scripts, photos) stay one more deploy for pages open in browsers.` : '';
  const refused = r.refused.length ? `, ${r.refused.length} refused by the server` : '';
  return `Deployed to ${where} in ${s} s: ${r.uploaded.length} uploaded, ${r.replaced.length} replaced, ${r.deleted.length} deleted, ${r.unchanged} unchanged${refused}; ${kb(r.bytes)} sent${record}.${nothing}${readBack}${kept}`;
}

async function main(): Promise<number> {
  loadDotEnv(PROJECT_ROOT);
  // After .env, which may set DIST_DIR and the others too.
  const config = resolveConfig();
  const ROOT = config.root;
  const target = readTarget(process.env, ROOT);
  if (!target) {
    say('Set DEPLOY_TARGET (e.g. ftps://user@ftp.yourdomain.com/public_html) and DEPLOY_PASSWORD in .env at the project root; docs/publishing.md shows how.');
    return 1;
  }
  secret = target.password;
  shownTarget = describeTarget(target);
  for (const line of transportWarnings(target)) say(line);
  if (process.stdin.isTTY) target.hostKeys.confirm = ask;
  const where = shownTarget;
  const dir = config.outDir;

  let site;
  let routes;
  if (args['no-build'] || args.verify) {
    if (!existsSync(path.join(dir, 'index.html'))) {
      say(`${path.relative(ROOT, dir) || dir} holds no built site: run npm run build first, or drop --no-build.`);
      return 1;
    }
    site = loadProjectContent(config.contentDir);
    routes = buildRoutes(site);
  } else {
    const built = await buildToFolder({ config: { ...config, outDir: dir } });
    say(`Built ${built.pages.length} pages, ${built.files.length} files into ${path.relative(ROOT, dir) || dir} in ${Math.round(built.ms)} ms.`);
    site = built.site;
    routes = built.routes;
  }

  // Warnings print with the findings but stop nothing.
  const all = checkSite(site, target, routes, writtenValues(config.contentDir));
  const findings = all.filter(isBlocking);
  const samples = findings.filter((f) => f.kind === 'sample');
  for (const f of all) say(formatFinding(f));
  if (findings.some((f) => f.kind === 'target') && !dryRun) {
    say('Not deployed: siteUrl does not match the target (above).');
    return 1;
  }
  if (samples.length && !args['allow-sample'] && !dryRun) {
    say(`Not deployed: ${samples.length} sample value(s) above would be published as the business's own. Replace them, or pass --allow-sample to publish them anyway on a test server.`);
    return 1;
  }
  if (samples.length && args['allow-sample']) {
    say(`!!! --allow-sample: PUBLISHING ${samples.length} SAMPLE VALUE(S) (listed above) AS IF THEY WERE THE BUSINESS'S OWN. Use this only on a test server. !!!`);
  } else if (findings.length && dryRun) {
    say(`(A real deploy would stop here until the ${findings.length} finding(s) above are fixed.)`);
  }

  const live = dryRun || args['no-live-check'] ? undefined : { url: readLiveUrl(process.env, site.settings.siteUrl), insecureTls: target.insecureTls, timeoutMs: target.timeoutMs };
  say(`${dryRun ? 'Dry run against' : 'Deploying to'} ${where} …`);
  const controller = new AbortController();
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    say('Stopping after the current file (Ctrl+C again to quit at once; the site stays consistent either way).');
  });
  const recordCopy = recordCopyFile(process.env, ROOT);
  const report = await deploy({ dir, target, dryRun, onEvent: show, signal: controller.signal, liveCheck: live, readBack: Boolean(args.verify), recordCopy });
  if (dryRun) {
    for (const p of report.uploaded) say(`would upload  ${p}`);
    for (const p of report.replaced) say(`would replace ${p}`);
    for (const p of report.deleted) say(`would delete  ${p}`);
  }
  outcome.summary = summary(report, where);
  say(outcome.summary);
  if (report.live) outcome.live = { ok: report.live.ok, pages: report.live.pages, files: report.live.files, lines: report.live.lines };
  for (const line of report.live?.lines ?? []) say(line);
  return report.live && !report.live.ok ? 1 : 0;
}

/**
 * Asks a yes/no question on /dev/tty, as ssh asks about a new host key, so it reaches the operator
 * even when the output goes to a pipe or a log (`npm run deploy | tee log`).
 * @returns true for "yes"; false for "no", when the input ends, or when there is no terminal to open
 */
async function ask(question: string): Promise<boolean> {
  let input: TtyReadStream;
  let output: TtyWriteStream;
  try {
    input = new TtyReadStream(openSync('/dev/tty', 'r'));
    output = new TtyWriteStream(openSync('/dev/tty', 'w'));
  } catch {
    return false;
  }
  const rl = createInterface({ input, output, terminal: false });
  try {
    output.write(`\r\x1b[K${question} (yes/no) `);
    for await (const line of rl) {
      const answer = line.trim().toLowerCase();
      if (answer === 'yes' || answer === 'no') return answer === 'yes';
      output.write('Please type "yes" or "no": ');
    }
    return false;
  } finally {
    rl.close();
    input.destroy();
    output.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof DeployError || error instanceof ContentError || error instanceof ConfigError) {
    if (error instanceof PartialDeployError && shownTarget !== undefined) say(summary(error.report, shownTarget));
    say(`Deploy failed: ${error instanceof ContentError ? formatProblem(describeBuildError(error, PROJECT_ROOT)).join('\n') : error.message}`);
  } else {
    say(`Deploy failed unexpectedly: ${maskSecret(String((error as Error)?.message ?? error), secret).split('\n')[0]} (details below; the live site stays consistent)`);
    process.stderr.write(`${maskSecret(String((error as Error)?.stack ?? ''), secret)}\n`);
  }
  process.exitCode = 1;
}
if (events) emit({ type: 'end', code: process.exitCode ?? 0, ...outcome });
