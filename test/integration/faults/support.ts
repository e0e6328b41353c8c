/**
 * What the fault tests share: a closed port to point a service's endpoint at (nothing listens there, so every
 * call is refused at once, as when a service is unreachable), a service that never answers, and setting an environment variable for one test
 * with the SDK clients rebuilt, then putting it back.
 */
import { createServer, type Socket } from 'node:net';
import { resetLambdaClients } from '../../../infra/local/lambda-runtime';

export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/**
 * A service that accepts connections and reads every request but never answers (a hung host, a black-holed
 * route): what only a client-side time limit ends. `close` drops the held connections.
 */
export async function silentService(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Sets environment variables (the SDK clients are rebuilt to read them); answers a function that restores them. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (vals: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vals)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetLambdaClients();
  };
  apply(values);
  return () => apply(previous);
}
