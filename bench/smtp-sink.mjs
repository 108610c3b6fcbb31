// A local SMTP server for the mail bench, in its own process (smtp-server): accepts every message,
// reads it to the end without parsing, counts messages and distinct Message-IDs, and answers the
// parent's { type: 'count' } over IPC with { received, distinct }.
import { SMTPServer } from 'smtp-server';

let received = 0;
const ids = new Set();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 100,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 8192) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      received++;
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1];
      if (id) ids.add(id);
      callback();
    });
  },
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.({ type: 'ready' }));
process.on('message', (m) => {
  if (m?.type === 'count') process.send?.({ type: 'count', received, distinct: ids.size });
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
