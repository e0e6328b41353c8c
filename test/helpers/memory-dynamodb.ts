/**
 * For unit tests of the Lambda code that reads and writes a table: the local stack's DynamoDB stand-in (dynalite,
 * in memory) on a free port, with every table of the manifest created as the local stack creates them
 * (infra/local/provision.ts), and the Lambdas' environment pointed at it for the file's tests.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { tableEnvName, type TableName } from '@shared/deployment/manifest';
import { ensureTables } from '../../infra/local/provision';
import { resetLambdaClients } from '../../infra/local/lambda-runtime';

// dynalite ships no types here (infra/local/types.d.ts declares them for the local stack only).
const dynalite = createRequire(import.meta.url)('dynalite') as (options: { createTableMs: number }) => Server;

export function withMemoryDynamo(): void {
  let server: Server | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    server = dynalite({ createTableMs: 0 });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as { port: number };
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    const client = new DynamoDBClient({});
    const names = await ensureTables(client, 'unit');
    client.destroy();
    for (const [table, name] of Object.entries(names)) process.env[tableEnvName(table as TableName)] = name;
    resetLambdaClients();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    process.env = saved;
    resetLambdaClients();
  });
}
