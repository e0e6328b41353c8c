/**
 * One structured logger per function (Powertools): JSON lines with the service name and, through
 * `injectLambdaContext` (./lambda.ts), the Lambda request id. The level is set one way: the LOG_LEVEL variable
 * (INFO when unset), checked here so a typo fails at cold start instead of logging at a level nobody chose.
 */
import { Logger } from '@aws-lambda-powertools/logger';

const levels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
type Level = (typeof levels)[number];

function logLevel(): Level {
  const value = (process.env.LOG_LEVEL ?? 'INFO').toUpperCase();
  if (!(levels as readonly string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${levels.join(', ')}; it is ${process.env.LOG_LEVEL}`);
  }
  return value as Level;
}

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'agency',
  logLevel: logLevel(),
});
