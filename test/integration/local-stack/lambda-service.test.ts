/**
 * The local stand-in for Lambda's Invoke API, called with the real SDK client as the functions call it:
 * a synchronous invoke answers the handler's result (or its error the way Lambda reports one), an asynchronous
 * one is accepted at once (202) and runs in the background (at most asyncConcurrency at a time), stop() waits for
 * the background runs, and a function
 * that shared/deployment/manifest.ts does not declare is not found.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { resourceName, type FunctionName } from '@shared/deployment/manifest';
import { asyncConcurrency, startLocalLambda, type LocalLambda } from '../../../infra/local/lambda-service';

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

  it(`runs at most ${asyncConcurrency} asynchronous invocations at once, the rest in their turn, and stop() waits for all`, async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    const sdk = await start(async () => {
      most = Math.max(most, ++running);
      await sleep(100);
      running -= 1;
      finished += 1;
    });
    const count = asyncConcurrency + 20;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        sdk.send(new InvokeCommand({ FunctionName: resourceName('local', 'submissionDelivery'), InvocationType: 'Event', Payload: payload({ i }) })),
      ),
    );
    // Every event is accepted at once, queued or not.
    expect(answers.map((a) => a.StatusCode)).toEqual(Array(count).fill(202));
    await lambda!.stop();
    expect(finished).toBe(count);
    expect(most).toBe(asyncConcurrency);
  });

  it('does not find a function the manifest does not declare', async () => {
    const sdk = await start(async () => undefined);
    await expect(sdk.send(new InvokeCommand({ FunctionName: 'agency-local-nothing', Payload: payload({}) }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
