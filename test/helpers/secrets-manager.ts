/**
 * A local stand-in for AWS Secrets Manager, for the code that reads and writes secrets through the real SDK
 * client (there is no Secrets Manager emulator here). It speaks the service's JSON protocol for the calls the
 * project makes (GetSecretValue, PutSecretValue) and keeps versions with staging labels as the service does: a new
 * value becomes AWSCURRENT and the value it replaces AWSPREVIOUS. A secret created without a value has no version
 * (GetSecretValue answers ResourceNotFoundException), as one created by a template with neither SecretString nor
 * GenerateSecretString. Point a client at it with `endpoint` or AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Version {
  readonly id: string;
  readonly value: string;
  stages: string[];
}

export interface SecretsManagerStandIn {
  readonly endpoint: string;
  /** Creates a secret (no value unless given) and answers its ARN. */
  create(name: string, value?: string): string;
  /** What an operator's `put-secret-value` does: a new AWSCURRENT version; answers its version id. */
  put(arnOrName: string, value: string): string;
  /** The value under a staging label (AWSCURRENT by default), or undefined. */
  value(arnOrName: string, stage?: string): string | undefined;
  /** Every call received, as `Operation secret-id`. */
  readonly calls: string[];
  close(): Promise<void>;
}

export async function startSecretsManager(region = 'us-east-1', account = '403958261174'): Promise<SecretsManagerStandIn> {
  const secrets = new Map<string, { arn: string; name: string; versions: Version[] }>();
  const calls: string[] = [];
  const find = (id: string) => [...secrets.values()].find((s) => s.arn === id || s.name === id);
  const put = (id: string, value: string, token?: string): Version => {
    const secret = find(id);
    if (!secret) throw Object.assign(new Error(`Secrets Manager can't find the specified secret.`), { type: 'ResourceNotFoundException' });
    const existing = token ? secret.versions.find((v) => v.id === token) : undefined;
    if (existing) return existing;
    for (const v of secret.versions) v.stages = v.stages.filter((s) => s !== 'AWSPREVIOUS');
    for (const v of secret.versions) if (v.stages.includes('AWSCURRENT')) v.stages = v.stages.filter((s) => s !== 'AWSCURRENT').concat('AWSPREVIOUS');
    const version = { id: token ?? randomUUID(), value, stages: ['AWSCURRENT'] };
    secret.versions.push(version);
    return version;
  };
  const get = (id: string, stage = 'AWSCURRENT', versionId?: string): { secret: { arn: string; name: string }; version: Version } => {
    const secret = find(id);
    const version = secret?.versions.find((v) => (versionId ? v.id === versionId : v.stages.includes(stage)));
    if (!secret || !version) {
      throw Object.assign(new Error(`Secrets Manager can't find the specified secret value for staging label: ${stage}`), { type: 'ResourceNotFoundException' });
    }
    return { secret, version };
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
      const input = (raw ? JSON.parse(raw) : {}) as Record<string, string>;
      calls.push(`${operation} ${input.SecretId ?? ''}`);
      const answer = (status: number, body: unknown, type?: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(type ? { 'x-amzn-errortype': type } : {}) });
        res.end(JSON.stringify(body));
      };
      try {
        if (operation === 'GetSecretValue') {
          const { secret, version } = get(input.SecretId!, input.VersionStage, input.VersionId);
          answer(200, { ARN: secret.arn, Name: secret.name, VersionId: version.id, SecretString: version.value, VersionStages: version.stages, CreatedDate: Date.now() / 1000 });
        } else if (operation === 'PutSecretValue') {
          const secret = find(input.SecretId!);
          const version = put(input.SecretId!, input.SecretString ?? '', input.ClientRequestToken);
          answer(200, { ARN: secret!.arn, Name: secret!.name, VersionId: version.id, VersionStages: version.stages });
        } else {
          answer(400, { __type: 'InvalidRequestException', message: `${operation} is not supported by this stand-in` }, 'InvalidRequestException');
        }
      } catch (error) {
        const type = (error as { type?: string }).type ?? 'InternalServiceError';
        answer(type === 'InternalServiceError' ? 500 : 400, { __type: type, message: (error as Error).message }, type);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    create(name, value) {
      const arn = `arn:aws:secretsmanager:${region}:${account}:secret:${name}-${randomUUID().slice(0, 6)}`;
      secrets.set(arn, { arn, name, versions: [] });
      if (value !== undefined) put(arn, value);
      return arn;
    },
    put: (id, value) => put(id, value).id,
    value(id, stage = 'AWSCURRENT') {
      return find(id)?.versions.find((v) => v.stages.includes(stage))?.value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
