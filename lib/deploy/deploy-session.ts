/**
 * One connection of a deploy that reconnects and retries transient failures, and the repair of
 * what an interrupted replacement left beside a file. Used by lib/deploy/deploy.ts.
 */
import path from 'node:path';
import { leftoverNames } from './deploy-plan.ts';
import type { Remote } from './deploy-remote.ts';
import { DeployError, maskSecret } from './deploy-target.ts';

/** Tries of one step before a transient failure ends the deploy. */
const MAX_ATTEMPTS = 3;

/** Files moved aside and put back, and temporary names deleted, by the repairs of a run. */
export interface Recovered {
  restored: string[];
  removed: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A retry about to happen: what failed, which attempt it was, how long until the next. */
export interface RetryNote {
  message: string;
  attempt: number;
  waitMs: number;
}

/** A connection that reconnects and retries transient failures, MAX_ATTEMPTS times per step. */
export class Session {
  private connected = false;
  /** @param secret the password, masked in the text of an unexpected error (maskSecret) */
  constructor(readonly remote: Remote, private onRetry: (note: RetryNote) => void, private secret?: string) {}

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
 * Puts back or deletes what an interrupted replacement left beside `sitePath`: a file moved aside
 * goes back to its place when that is empty (else it is deleted); temporary uploads are deleted.
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

/** repairBeside with the folder listed first, for a step tried again after a failure. */
export async function repairAgain(r: Remote, sitePath: string, done: Recovered): Promise<void> {
  const names = new Set(await r.list(path.posix.dirname(sitePath)) ?? []);
  await repairBeside(r, sitePath, names, done);
}
