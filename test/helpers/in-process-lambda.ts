/**
 * A Lambda service in the test's own process (infra/local/lambda-service.ts), for tests that call handlers
 * in-process with an endpoint changed (SES or DynamoDB pointed at a closed port): the submission's asynchronous
 * hand-off then runs its delivery function here, with that same environment, rather than in the shared stack's
 * process. `drain()` waits for the deliveries handed off so far.
 */
import { FunctionHosts } from '../../infra/local/function-hosts';
import { startLocalLambda } from '../../infra/local/lambda-service';
import { resetLambdaClients } from '../../infra/local/lambda-runtime';

export interface InProcessLambda {
  readonly url: string;
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export async function inProcessLambda(): Promise<InProcessLambda> {
  const lambda = await startLocalLambda(new FunctionHosts());
  const previous = process.env.AWS_ENDPOINT_URL_LAMBDA;
  process.env.AWS_ENDPOINT_URL_LAMBDA = lambda.url;
  resetLambdaClients();
  return {
    url: lambda.url,
    drain: () => lambda.drain(),
    async stop() {
      await lambda.stop();
      if (previous === undefined) delete process.env.AWS_ENDPOINT_URL_LAMBDA;
      else process.env.AWS_ENDPOINT_URL_LAMBDA = previous;
      resetLambdaClients();
    },
  };
}
