/**
 * The local stand-in for Lambda's Invoke API, called with the real SDK client as the functions call it:
 * a synchronous invoke answers the handler's result (or its error the way Lambda reports one), an asynchronous
 * one is accepted at once (202) and runs in the background, stop() waits for the background runs, and a function
 * that shared/deployment/manifest.ts does not declare is not found.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { resourceName, type FunctionName } from '@shared/deployment/manifest';
import { startLocalLambda, type LocalLambda } from '../../../infra/local/lambda-service';

let lambda: LocalLambda | undefined;
let client: LambdaClient | undefined;
afterEach(async () => {
  client?.destroy();
  await lambda?.stop();
  lambda = client = undefined;
});

async function start(invoke: (fn: FunctionName, event: unknown) => Promise<unknown>) {
  lambda = await startLocalLambda({ invoke });
  client = new LambdaClient({ endpoint: lambda.url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  return client;
}

const payload = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const decoded = (bytes: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

describe('local Lambda service', () => {
  it('runs a function named by its physical name and answers its result', async () => {
    const sdk = await start(async (fn, event) => ({ fn, echo: event }));
    const out = await sdk.send(new InvokeCommand({ FunctionName: resourceName('local', 'submissionDelivery'), Payload: payload({ id: 'a' }) }));
    expect(out.StatusCode).toBe(200);
    expect(out.FunctionError).toBeUndefined();
    expect(decoded(out.Payload)).toEqual({ fn: 'submissionDelivery', echo: { id: 'a' } });
  });

  it("reports a handler's error as Lambda does: 200 with FunctionError and the error in the payload", async () => {
    const sdk = await start(async () => {
      throw new TypeError('no table');
    });
    const out = await sdk.send(new InvokeCommand({ FunctionName: 'submissionDelivery', Payload: payload({}) }));
    expect(out.FunctionError).toBe('Unhandled');
    expect(decoded(out.Payload)).toEqual({ errorType: 'TypeError', errorMessage: 'no table' });
  });

  it('accepts an asynchronous invoke at once, runs it in the background, and stop() waits for it', async () => {
    const finished: unknown[] = [];
    const sdk = await start(async (_fn, event) => {
      await sleep(300);
      finished.push(event);
    });
    const out = await sdk.send(new InvokeCommand({ FunctionName: resourceName('local', 'submissionDelivery'), InvocationType: 'Event', Payload: payload({ id: 'b' }) }));
    expect(out.StatusCode).toBe(202);
    expect(finished).toEqual([]);
    await lambda!.stop();
    expect(finished).toEqual([{ id: 'b' }]);
  });

  it('does not find a function the manifest does not declare', async () => {
    const sdk = await start(async () => undefined);
    await expect(sdk.send(new InvokeCommand({ FunctionName: 'agency-local-nothing', Payload: payload({}) }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
