/**
 * `npm run deploy` over SFTP against OpenSSH's sshd (tooling/sshd.ts) on 127.0.0.1 with key
 * login: the deploy guarantees (test/helpers/deploy-scenario.ts), and the one-line errors of a key
 * the server does not accept, a host key other than DEPLOY_HOST_KEY, and a missing folder.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildVariants, deployFailure, deploySuite, removeBuilds } from '../helpers/deploy-scenario.ts';
import { startSshd } from '../../tooling/sshd.ts';

const server = await startSshd();
const builds = await buildVariants().catch(async (e) => { await server.stop(); throw e; });
/** An absolute folder in the server's temp folder: "//tmp/…/name" (a doubled slash is absolute). */
const at = (folder: string) => `sftp://${server.user}@127.0.0.1:${server.port}/${path.join(server.dir, folder)}`;
/**
 * The host key is remembered in the server's temp folder, never in the project, and HOME is that
 * folder too, so ~/.ssh is neither read nor written; CI unset and DEPLOY_ACCEPT_NEW_HOST_KEY=1: a
 * first connection is remembered.
 */
const trust = { HOME: server.dir, DEPLOY_KNOWN_HOSTS: path.join(server.dir, 'known_hosts'), CI: '', DEPLOY_ACCEPT_NEW_HOST_KEY: '1' };

deploySuite({
  name: 'SFTP',
  env: (folder) => ({ DEPLOY_TARGET: at(folder), DEPLOY_KEY: server.keyFile, ...trust }),
  disk: (folder) => path.join(server.dir, folder),
  wrongPassword: (folder) => ({ env: { DEPLOY_TARGET: at(folder), DEPLOY_PASSWORD: 'Wrong-Secret-42', ...trust }, password: 'Wrong-Secret-42' }),
}, () => builds);

const failure = (env: Record<string, string>) => deployFailure(builds.a, { ...trust, ...env });

const errors = suite('deploy errors over SFTP: one line, what to do');
errors.after(async () => {
  await server.stop();
  removeBuilds(builds);
});

errors('a key the server does not accept', async () => {
  assert.is(await failure({ DEPLOY_TARGET: at('site'), DEPLOY_KEY: server.otherKeyFile }),
    `127.0.0.1 refused the login of user "${server.user}": check that DEPLOY_KEY is a key the server accepts for this user and the user name in DEPLOY_TARGET.`);
});

errors('a host key other than DEPLOY_HOST_KEY is refused', async () => {
  const message = await failure({ DEPLOY_TARGET: at('site'), DEPLOY_KEY: server.keyFile, DEPLOY_HOST_KEY: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  assert.match(message, /^127\.0\.0\.1 presented host key SHA256:\S+, not DEPLOY_HOST_KEY SHA256:A+: /);
});

errors('a missing folder is named', async () => {
  assert.match(await failure({ DEPLOY_TARGET: at('no-such-folder'), DEPLOY_KEY: server.keyFile }), /^The folder "\/tmp\/sshd-test-\w+\/no-such-folder" does not exist on 127\.0\.0\.1: create it/);
});

errors.run();
