// Floor part of `npm run bench:lambdas` for @aws-lambda-powertools/logger: one structured log line. Every function
// logs through it (the house's standards keep Lambda code off `console`), as every function calls AWS through the SDK.
import { Logger } from '@aws-lambda-powertools/logger';

const logger = new Logger({ serviceName: 'floor' });
export const use = (id: string) => Promise.resolve(logger.info('floor', { id }));
