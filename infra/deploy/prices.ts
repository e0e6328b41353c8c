/**
 * AWS list prices in us-east-1 (every stage's region), in USD, as AWS's pricing pages state them (recorded
 * 2026-11; no free tier counted: an account's free tier covers small usage, never the fixed fees). One place to
 * update when AWS changes a price; `npm run cost` and the deploy guide's figures follow.
 */
export const prices = {
  /** AWS WAF: per web ACL and per rule (a managed rule group counts as one), a month; per million requests. */
  wafWebAclMonth: 5.0,
  wafRuleMonth: 1.0,
  wafPerMillionRequests: 0.6,
  /** CloudWatch: a standard-resolution alarm on one metric, a month. */
  alarmMonth: 0.1,
  /** CloudWatch Logs: ingestion per GB. */
  logsIngestPerGb: 0.5,
  /** Secrets Manager: a secret a month; API calls per 10,000. */
  secretMonth: 0.4,
  secretsPer10kCalls: 0.05,
  /** KMS: a customer-managed key a month (its first yearly rotation adds 1 USD a month, capped at 2 rotations). */
  kmsKeyMonth: 1.0,
  /** Lambda on arm64: per GB-second and per million requests. */
  lambdaArmGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  /** X-Ray: per million traces recorded (active tracing records nearly every invocation at low traffic). */
  xrayPerMillionTraces: 5.0,
  /** EventBridge Scheduler: per million invocations. */
  schedulerPerMillion: 1.0,
  /** DynamoDB on-demand: per million write and read request units. */
  dynamoPerMillionWrites: 0.625,
  dynamoPerMillionReads: 0.125,
  /** API Gateway HTTP API: per million requests. */
  httpApiPerMillion: 1.0,
  /** CloudFront: HTTPS requests per 10,000 (North America/Europe). */
  cloudFrontPer10kHttps: 0.01,
  /** SES: per 1,000 messages (each recipient counts as one). */
  sesPer1000: 0.1,
  /** Cognito: per monthly active user, Plus plan (no free tier) and Essentials plan (beyond its free 10,000). */
  cognitoPlusMau: 0.02,
  cognitoEssentialsMau: 0.015,
  cognitoEssentialsFreeMau: 10_000,
  /** S3 Standard: PUT/COPY/POST per 1,000, GET per 1,000, storage per GB-month. */
  s3Per1000Puts: 0.005,
  s3Per1000Gets: 0.0004,
  s3GbMonth: 0.023,
} as const;
