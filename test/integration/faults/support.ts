/**
 * What the fault tests share: a closed port to point a service's endpoint at (nothing listens there, so every
 * call is refused at once, as when a service is unreachable), and setting an environment variable for one test
 * with the SDK clients rebuilt, then putting it back.
 */
import { createServer } from 'node:net';
import { resetClients } from '../../../lambdas/lib/aws';

export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** Sets environment variables (the SDK clients are rebuilt to read them); answers a function that restores them. */
export function setEnv(values: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (vals: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vals)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetClients();
  };
  apply(values);
  return () => apply(previous);
}
