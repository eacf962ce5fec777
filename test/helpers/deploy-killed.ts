/**
 * A deploy cut off at a chosen moment, as a power cut would: deploys the built folder `<dir>` to
 * the target of the environment's DEPLOY_ variables (lib/deploy/deploy-target.ts readTarget, no
 * .env read) through the library's deploy(), with the test seam of lib/deploy/deploy-remote.ts
 * (RemoteHooks.afterReply), and ends with SIGKILL right after the FTP server's positive reply to
 * the chosen command.
 *
 * Usage: tsx test/helpers/deploy-killed.ts <dir> "<moment>"
 *   moment: "STOR 30" (the 30th STOR reply), "RNTO 3", "DELE 1", or a command and a site path,
 *   "RNTO /keyword-corpus.json", "DELE /.keyword-corpus.json.deploy-old": the first reply about
 *   that path, a temporary name written without the run's id.
 * Prints what the deploy said (retries, warnings, repairs, a failure) one line each, as
 * `npm run deploy` words them; exits 1 when the deploy ends before the moment comes.
 */
import { deploy } from '../../lib/deploy/deploy.ts';
import { openRemote, type RemoteHooks } from '../../lib/deploy/deploy-remote.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';

const [dir, moment = ''] = process.argv.slice(2);
const [command, which = '1'] = moment.trim().split(/\s+/, 2);
if (!dir || !['STOR', 'RNTO', 'DELE'].includes(command)) {
  console.error(`Usage: deploy-killed.ts <dir> "<STOR|RNTO|DELE> <n or /site/path>" (got "${moment}").`);
  process.exit(2);
}

let seen = 0;
const hooks: RemoteHooks = {
  afterReply(name, sitePath) {
    if (name !== command) return;
    const withoutRunId = sitePath.replace(/\.[0-9a-z]{8}(\.deploy-(?:tmp|old))$/, '$1');
    if (which.startsWith('/') ? which !== withoutRunId : ++seen !== Number(which)) return;
    process.kill(process.pid, 'SIGKILL');
  },
};

try {
  await deploy({
    dir, target: readTarget(process.env, process.cwd())!, open: (target) => openRemote(target, hooks),
    onEvent: (e) => {
      if (e.type === 'retry') console.log(`${e.message} Trying again in ${e.waitMs / 1000} s (attempt ${e.attempt + 1}).`);
      else if (e.type === 'warning') console.log(e.message);
      else if (e.type === 'recovered') console.log(`An earlier deploy was interrupted: restored ${e.restored.join(', ')}; removed ${e.removed.join(', ')}.`);
    },
  });
  console.log(`The deploy finished before ${moment} came.`);
} catch (error) {
  console.log(`Deploy failed: ${(error as Error).message}`);
}
process.exitCode = 1;
