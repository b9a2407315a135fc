/**
 * A throwaway Dovecot IMAP server for the IMAP connector's tests: Debian's `dovecot-imapd`
 * (installed by .ci/run), started as an unprivileged process on a free loopback port with its own
 * config, maildir and passwd-file in a temporary folder — no system configuration is read or edited.
 * When the tests run as root, Dovecot runs as `nobody` (setpriv), since it refuses root as its mail
 * user. With `oauth2IntrospectionUrl`, Dovecot also takes SASL XOAUTH2 / OAUTHBEARER and judges the
 * access token with its own `oauth2` passdb, asking that URL (RFC 7662 introspection, POST) — the way
 * a mail server behind an identity provider does. `dovecotBinary()` is null when Dovecot is not installed: the caller skips with a message.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from './free-port';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];

export function dovecotBinary(): string | null {
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export interface DovecotServer {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

async function waitForGreeting(port: number, child: ChildProcess, logFile: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode} (see ${logFile})`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => undefined);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dovecot did not answer on port ${port} within ${timeoutMs} ms`);
}

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

export async function startDovecot(
  binary: string,
  credentials = { user: 'mailbox@example.com', password: 'imap-test-password' },
  options: { oauth2IntrospectionUrl?: string } = {},
): Promise<DovecotServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'postroom-dovecot-'));
  for (const sub of ['run', 'state', 'mail', 'home']) mkdirSync(path.join(root, sub));
  const asRoot = process.getuid?.() === 0;
  const account = asRoot ? { name: 'nobody', uid: 65534, gid: 65534 } : { name: userInfo().username, uid: userInfo().uid, gid: userInfo().gid };
  const group = asRoot ? 'nogroup' : (spawnSync('id', ['-gn']).stdout.toString().trim() || account.name);
  const port = await freePort();
  const logFile = path.join(root, 'dovecot.log');
  const config = `
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl ? ' xoauth2 oauthbearer' : ''}
default_internal_user = ${account.name}
default_internal_group = ${group}
default_login_user = ${account.name}
first_valid_uid = ${account.uid}
last_valid_uid = ${account.uid}
mail_location = maildir:${root}/mail/%n
mail_plugins =
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${root}/passwd
}
${
  options.oauth2IntrospectionUrl
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${root}/dovecot-oauth2.conf.ext
}`
    : ''
}
userdb {
  driver = static
  args = uid=${account.uid} gid=${account.gid} home=${root}/home/%n
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    user = ${account.name}
  }
  unix_listener stats-writer {
    user = ${account.name}
  }
}
`;
  writeFileSync(path.join(root, 'dovecot.conf'), config);
  if (options.oauth2IntrospectionUrl) {
    const oauth2 = ['introspection_mode = post', `introspection_url = ${options.oauth2IntrospectionUrl}`, 'username_attribute = username', 'active_attribute = active', 'active_value = true'];
    writeFileSync(path.join(root, 'dovecot-oauth2.conf.ext'), `${oauth2.join('\n')}\n`);
  }
  writeFileSync(path.join(root, 'passwd'), `${credentials.user}:{PLAIN}${credentials.password}::::::\n`);
  if (asRoot) chownTree(root, account.uid, account.gid);
  const command = asRoot ? ['/usr/bin/setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', binary] : [binary];
  const child = spawn(command[0]!, [...command.slice(1), '-F', '-c', path.join(root, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitForGreeting(port, child, logFile);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { host: '127.0.0.1', port, user: credentials.user, password: credentials.password, stop };
}
