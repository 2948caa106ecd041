import WebSocket from 'ws';

/**
 * Anonymous live sockets for live-anonymous.bench.ts, in a child process of their own so that they do
 * not share the server's event loop. argv: url, count, run ids (comma-separated). Opens `count` sockets
 * at once, each subscribing to every run, and reports over IPC {type: 'done', subscribed, refused,
 * socketsRefused} once every socket has had an answer to each subscribe (or was refused). The sockets
 * stay open until the parent sends {cmd: 'close'}.
 */
const [url = '', countText = '0', runsText = ''] = process.argv.slice(2);
const count = Number(countText);
const runIds = runsText.split(',').map(Number);
const sockets: WebSocket[] = [];
let subscribed = 0;
let refused = 0;
let socketsRefused = 0;

function open(): Promise<void> {
  const ws = new WebSocket(url);
  sockets.push(ws);
  return new Promise<void>((resolve) => {
    let answers = 0;
    const answered = () => {
      answers += 1;
      if (answers === runIds.length) resolve();
    };
    ws.on('error', () => resolve());
    ws.on('close', () => resolve());
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; code?: string; runId?: number };
      if (message.type === 'ready')
        for (const runId of runIds) ws.send(JSON.stringify({ type: 'subscribe', runId, fromVersion: 0 }));
      else if (message.type === 'subscribed') {
        subscribed += 1;
        answered();
      } else if (message.type === 'error' && message.code === 'TOO_MANY_SOCKETS') socketsRefused += 1;
      else if (message.type === 'error' && message.runId !== undefined) {
        refused += 1;
        answered();
      }
    });
  });
}

process.on('message', (command: { cmd: string }) => {
  if (command.cmd !== 'close') return;
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});

await Promise.all(Array.from({ length: count }, () => open()));
process.send?.({ type: 'done', subscribed, refused, socketsRefused });
