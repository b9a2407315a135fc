/**
 * Mail servers that stop answering halfway, for the shutdown test: an IMAP server that signs the
 * client in and then never answers its SELECT (a connector run stuck in its fetch), and an SMTP
 * server that takes a message's DATA and never acknowledges it (an alert round stuck sending its
 * mail). Each says when the client reached the stalled step, so a test waits on that, not on time.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface StalledServer {
  port: number;
  /** Whether a client is stuck at the stalled step. */
  stalled(): boolean;
  close(): Promise<void>;
}

/** Just enough IMAP4rev1 for imapflow to sign in with LOGIN; SELECT and EXAMINE are never answered. */
export async function startStalledImapServer(): Promise<StalledServer> {
  let stalled = false;
  const reached = () => {
    stalled = true;
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write('* OK [CAPABILITY IMAP4rev1] ready\r\n');
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const [tag = '*', command = ''] = buffered.slice(0, end).split(' ');
        buffered = buffered.slice(end + 2);
        const verb = command.toUpperCase();
        if (verb === 'SELECT' || verb === 'EXAMINE') {
          reached();
          continue;
        }
        if (verb === 'CAPABILITY') socket.write('* CAPABILITY IMAP4rev1\r\n');
        if (verb === 'LIST') socket.write('* LIST (\\Noselect) "/" ""\r\n');
        socket.write(`${tag} OK ${verb} completed\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stalled: () => stalled,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An SMTP server without sign-in whose DATA never ends: the message is read, never acknowledged. */
export async function startStalledSmtpServer(): Promise<StalledServer> {
  let stalled = false;
  const reached = () => {
    stalled = true;
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream) {
      stream.resume();
      reached();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    stalled: () => stalled,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
