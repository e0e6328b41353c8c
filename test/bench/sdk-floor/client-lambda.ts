// Floor part of `npm run bench:lambdas` for @aws-sdk/client-lambda: one asynchronous invoke.
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

const lambda = new LambdaClient({});
export const use = (id: string) =>
  lambda.send(new InvokeCommand({ FunctionName: 'floor', InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify({ id })) }));
