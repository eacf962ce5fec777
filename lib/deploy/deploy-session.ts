/**
 * How a deploy writes to the server: one connection that reconnects and retries transient
 * failures (Session), and the one way any file is put there (putFile), with the repair of what a
 * replacement cut off halfway left beside a file (repairBeside).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { leftoverNames, temporaryName } from './deploy-plan.ts';
import { ServerRefusal, type Remote } from './deploy-remote.ts';
import { DeployError, maskSecret } from './deploy-target.ts';

/** Tries of one step before a transient failure ends the deploy. */
const MAX_ATTEMPTS = 3;

/** Files moved aside and put back, and temporary names deleted, by the repairs of a run. */
export interface Recovered {
  restored: string[];
  removed: string[];
}

/** What one deploy knows of the server's rules, shared by its connections and its lock. */
export interface HostRules {
  /** This run's id, 8 characters of [0-9a-z]: every temporary name carries it. */
  runId: string;
  /** The server will not rename over an existing file (learned at the first refusal). */
  noOverwrite: boolean;
  /** Told once, when the server first refuses to rename over a file, with its reply. */
  onNoOverwrite(reply: string): void;
}

/** A connection that reconnects and retries transient failures, MAX_ATTEMPTS times per step. */
export class Session {
  private connected = false;
  /**
   * @param onRetry told of a retry about to happen: what failed, which attempt it was, the wait in ms
   * @param secret  the password, masked in the text of an unexpected error (maskSecret)
   */
  constructor(readonly remote: Remote, private onRetry: (note: { message: string; attempt: number; waitMs: number }) => void, private secret?: string) {}

  /** Runs `step`, again on a new connection after a transient failure (waiting 1 s, then 2 s); `attempt` counts from 1. */
  async run<T>(step: (remote: Remote, attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!this.connected) {
          await this.remote.connect();
          this.connected = true;
        }
        return await step(this.remote, attempt);
      } catch (err) {
        const e = err instanceof DeployError ? err : new DeployError(`Unexpected failure: ${maskSecret(String((err as Error)?.message ?? err), this.secret).split('\n')[0]}`);
        if (!e.transient || attempt >= MAX_ATTEMPTS) {
          throw attempt > 1 && e.transient ? new DeployError(`${e.message.replace(/\.$/, '')}; tried ${attempt} times.`) : e;
        }
        await this.remote.close();
        this.connected = false;
        const waitMs = 1000 * 2 ** (attempt - 1);
        this.onRetry({ message: e.message, attempt, waitMs });
        await sleep(waitMs);
      }
    }
  }

  /** putFile over this connection, retried as run() is; a retry first repairs what the failed try left beside the file. */
  put(sitePath: string, data: Buffer, rules: HostRules, plain: boolean, mayExist = true): Promise<void> {
    return this.run(async (r, attempt) => {
      if (attempt > 1) await repairBeside(r, sitePath, new Set(await r.list(path.posix.dirname(sitePath)) ?? []), { restored: [], removed: [] });
      await putFile(r, sitePath, data, rules, plain, mayExist);
    });
  }

  /** Connects once, without retries. @returns false when the server refused */
  async tryOpen(): Promise<boolean> {
    try {
      await this.remote.connect();
      this.connected = true;
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.connected) await this.remote.close();
    this.connected = false;
  }
}

/**
 * Puts `data` at `sitePath` so that nobody ever reads half of it: written under its temporary name
 * (temporaryName with the run's id), then renamed into place; where the server will not rename
 * over a file, the old one is moved aside first and deleted after (put back should the second
 * rename fail).
 * @param plain    the server refuses names starting with a dot: the temporary names have none
 * @param mayExist false when nothing is at `sitePath` yet (spares moving aside on such a server)
 * @throws DeployError (a ServerRefusal in the server's words), or the collision message when
 *   `sitePath` is a folder on the server
 */
async function putFile(r: Remote, sitePath: string, data: Buffer, rules: HostRules, plain: boolean, mayExist = true): Promise<void> {
  const tmp = temporaryName(sitePath, plain, 'deploy-tmp', rules.runId);
  await r.write(tmp, data);
  let refusal: ServerRefusal | undefined;
  if (!rules.noOverwrite || !mayExist) {
    try {
      return await r.rename(tmp, sitePath);
    } catch (e) {
      // Servers word a folder in the way as a refusal (550) or as a local error (Pure-FTPd: 451).
      if (!(e instanceof DeployError)) throw e;
      await refuseFolderAt(r, tmp, sitePath);
      if (!(e instanceof ServerRefusal)) throw e;
      refusal = e;
    }
  }
  const aside = temporaryName(sitePath, plain, 'deploy-old', rules.runId);
  try {
    await r.rename(sitePath, aside);
  } catch (e) {
    if (!(e instanceof ServerRefusal)) throw e;
    return await r.rename(tmp, sitePath); // nothing there to move aside: the rename says why it fails
  }
  try {
    await r.rename(tmp, sitePath);
  } catch (e) {
    await r.rename(aside, sitePath).catch(() => {});
    throw e;
  }
  if (!rules.noOverwrite) {
    rules.noOverwrite = true;
    rules.onNoOverwrite(refusal?.reply ?? '');
  }
  try {
    await r.remove(aside);
  } catch (e) {
    // What was moved aside was a folder (a server that renames folders as files): everything goes back.
    if (!(e instanceof DeployError) || (await r.list(aside)) === undefined) throw e;
    await r.rename(sitePath, tmp);
    await r.rename(aside, sitePath);
    await refuseFolderAt(r, tmp, sitePath);
    throw e;
  }
}

/** Where renaming `tmp` to `target` failed: when `target` is a folder (the owner's), deletes `tmp` and throws the DeployError saying so. */
async function refuseFolderAt(r: Remote, tmp: string, target: string): Promise<void> {
  if ((await r.list(target)) === undefined) return;
  await r.remove(tmp);
  throw new DeployError(collision(target, 'folder'));
}

/**
 * The message of a name the server holds as the other kind than the site needs (`there`: a folder
 * where the site has a file, or a file where it needs a folder); the owner decides.
 */
export function collision(sitePath: string, there: 'file' | 'folder'): string {
  const name = sitePath.slice(1);
  const needs = there === 'folder' ? 'a file' : 'a folder';
  return `The server has a ${there} named ${name} where the site has ${needs}: the deploy never deletes what it did not put there. Move or delete that ${there} on the server (your host's file manager or an FTP client), then deploy again; what arrived so far is kept.`;
}

/**
 * Puts back or deletes what an interrupted putFile left beside `sitePath` (any run's): a file moved
 * aside goes back to its place when that is empty (else it is deleted); temporary uploads are deleted.
 * @param names the names in the file's folder (updated as things change)
 * @param done  collects what was put back and deleted
 */
export async function repairBeside(r: Remote, sitePath: string, names: Set<string>, done: Recovered): Promise<void> {
  const base = path.posix.basename(sitePath);
  for (const aside of leftoverNames(sitePath, 'deploy-old', names)) {
    if (names.has(base)) {
      await r.remove(aside);
      done.removed.push(aside);
    } else {
      await r.rename(aside, sitePath);
      names.add(base);
      done.restored.push(sitePath);
    }
    names.delete(path.posix.basename(aside));
  }
  for (const tmp of leftoverNames(sitePath, 'deploy-tmp', names)) {
    await r.remove(tmp);
    names.delete(path.posix.basename(tmp));
    done.removed.push(tmp);
  }
}
