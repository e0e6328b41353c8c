// Floor part of `npm run bench:lambdas` for @middy/core: a handler wrapped in middy with one middleware, as every
// function's handler is built (lambdas/lib/lambda.ts; the design card names @middy/core for it).
import middy from '@middy/core';

const handler = middy(async (id: string) => id).use({ before: async () => undefined });
export const use = (id: string) => handler(id, {} as Parameters<typeof handler>[1]);
