/**
 * Publishing from the editor: the pre-publish check and the deploy, each run as the command line
 * runs it, in a child process (`tsx scripts/check.ts --json`, `tsx scripts/deploy.ts --events`),
 * so the findings, the refusals (sample identity, plain FTP without the opt-in, an unknown SFTP
 * host) and every other line are the commands' own words. The child's environment is the
 * editor's with the DEPLOY_* lines of `.env` on top (the settings the editor shows and saves
 * win over a variable left in the shell) and DIST_DIR set to the editor's output folder.
 * One deploy runs at a time; it is sent Ctrl+C (SIGINT: it stops after the current file, the
 * site consistent) when the editor process exits or stopPublishing is called.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT, type GeneratorConfig } from '../config.ts';
import { KNOWN_HOSTS_FILE } from '../deploy/deploy-target.ts';
import { readEnvFile } from './deploy-settings.ts';

/** What the publish code needs of the editor (EditorContext, plus the environment to hand on). */
export interface PublishContext {
  root: string;
  config: GeneratorConfig;
  say: (line: string) => void;
  /** Called once after a deploy that succeeded (empties content/.deleted). */
  afterPublish: () => Promise<void>;
  /** The editor's environment (default none but .env's DEPLOY_* lines and DIST_DIR). */
  env?: NodeJS.ProcessEnv;
}

/** One finding of the pre-publish check, as `npm run check` prints it. */
interface PublishFinding {
  kind: 'sample' | 'target' | 'warning';
  line: string;
}

/** The check's result: findings in the command's order, whether any stops a deploy, its last line. */
export interface CheckReport {
  findings: PublishFinding[];
  blocking: boolean;
  summary?: string;
  /** The check could not run (a content mistake, a wrong DEPLOY_TARGET): its lines. */
  error?: string;
}

/** One step of a deploy as the panel shows it. */
export type PublishEvent = { type: 'line'; line: string } | { type: 'progress'; done: number; total: number };

/** The live read-back's result. */
export interface LiveResult {
  ok: boolean;
  pages: number;
  files: number;
  lines: string[];
}

/** A deploy run, as /api/publish/status reports it. */
export interface PublishRun {
  id: string;
  events: PublishEvent[];
  done: boolean;
  ok?: boolean;
  summary?: string;
  live?: LiveResult;
}

/** A second deploy asked for while one runs. */
export class PublishBusyError extends Error {}

const SCRIPTS = path.join(PROJECT_ROOT, 'scripts');

/**
 * The child's environment: the editor's, .env's DEPLOY_* lines on top, DIST_DIR the editor's
 * output folder, and DEPLOY_KNOWN_HOSTS, when neither sets it, the project's file at ctx.root
 * (where the editor's host-key confirmation writes).
 */
export function childEnv(ctx: PublishContext): NodeJS.ProcessEnv {
  const file = Object.fromEntries(Object.entries(readEnvFile(ctx.root)).filter(([name]) => name.startsWith('DEPLOY_')));
  const env: NodeJS.ProcessEnv = { ...(ctx.env ?? {}), ...file, DIST_DIR: ctx.config.outDir };
  if (!env.DEPLOY_KNOWN_HOSTS?.trim()) env.DEPLOY_KNOWN_HOSTS = path.join(ctx.root, KNOWN_HOSTS_FILE);
  return env;
}

/** Starts `tsx scripts/<script> ...args` from the project's folder, output piped. */
function runScript(ctx: PublishContext, script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(SCRIPTS, script), ...args], { cwd: PROJECT_ROOT, env: childEnv(ctx), stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Runs the pre-publish check as `npm run check` does.
 * @returns its findings (sample, target and warning, with the command's lines), or `error`
 */
export function runCheck(ctx: PublishContext): Promise<CheckReport> {
  const child = runScript(ctx, 'check.ts', ['--json']);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      try {
        const parsed = JSON.parse(last) as CheckReport;
        resolve(parsed.error ? { findings: [], blocking: true, error: parsed.error } : parsed);
      } catch {
        const line = err.trim().split('\n')[0] || `exit code ${code}`;
        ctx.say(`Pre-publish check failed unexpectedly: ${line}`);
        resolve({ findings: [], blocking: true, error: `The check stopped unexpectedly (${line}).` });
      }
    });
  });
}

let current: { run: PublishRun; child: ChildProcess } | undefined;
const runs = new Map<string, PublishRun>();

/**
 * Starts a deploy as `npm run deploy` does (build, check, upload, live read-back), reporting
 * each line and the files done of the total into the run; after one that succeeded, calls
 * ctx.afterPublish.
 * @param allowSample `--allow-sample`: publish the sample values anyway (a test server)
 * @throws PublishBusyError while another deploy of this editor runs
 */
export function startPublish(ctx: PublishContext, options: { allowSample?: boolean } = {}): PublishRun {
  if (current && !current.run.done) throw new PublishBusyError('A publish is already running: wait for it to finish.');
  const run: PublishRun = { id: randomUUID().slice(0, 8), events: [], done: false };
  runs.set(run.id, run);
  const child = runScript(ctx, 'deploy.ts', ['--events', ...(options.allowSample ? ['--allow-sample'] : [])]);
  current = { run, child };
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let e: { type?: string; line?: string; done?: number; total?: number; code?: number; summary?: string; live?: LiveResult };
    try {
      e = JSON.parse(text);
    } catch {
      return; // not one of the deploy's objects (a library writing to stdout)
    }
    if (e.type === 'line') run.events.push({ type: 'line', line: String(e.line) });
    else if (e.type === 'progress') run.events.push({ type: 'progress', done: Number(e.done), total: Number(e.total) });
    else if (e.type === 'end') Object.assign(run, { ok: e.code === 0, summary: e.summary, live: e.live });
  });
  child.on('close', async (code, signal) => {
    process.off('exit', onExit);
    if (run.ok === undefined) {
      run.ok = false;
      const why = stderr.trim().split('\n')[0];
      run.events.push({ type: 'line', line: `The deploy stopped unexpectedly (${signal ?? `exit code ${code}`})${why ? `: ${why}` : ''}.` });
    }
    if (run.ok) {
      try {
        await ctx.afterPublish();
      } catch (error) {
        ctx.say(`Published, but the deleted records could not be cleared: ${(error as Error).message}`);
      }
    }
    ctx.say(run.ok ? `Published: ${run.summary ?? ''}` : 'Publish did not finish: see the Publish panel.');
    run.done = true;
  });
  return run;
}

/** A run by its id (this editor process's runs), undefined when unknown. */
export function publishRun(id: string): PublishRun | undefined {
  return runs.get(id);
}

/**
 * Stops a running deploy as Ctrl+C stops `npm run deploy` (after the current file) and waits for
 * it to end; resolves at once when none runs. For the editor's own shutdown.
 */
export async function stopPublishing(): Promise<void> {
  const c = current;
  if (!c || c.child.exitCode !== null || c.child.signalCode !== null) return;
  const closed = new Promise((resolve) => c.child.once('close', resolve));
  c.child.kill('SIGINT');
  await closed;
}
