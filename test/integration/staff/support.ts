/**
 * What the staff console's integration tests share: submissions made as a visitor makes them (through the forms'
 * API), the staff member who works them, the uploads bucket and the submissions table read directly to prove
 * what is (no longer) there.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { bucketEnvName, resourceName } from '@shared/deployment/manifest';
import { localStack, sdkConfig } from '../../helpers/local-stack';
import { post, uploadFiles, type UploadFile } from '../../helpers/local-api';
import { attemptedSubmission } from '../../helpers/submissions';

export { patchSubmission } from '../../helpers/submissions';

const stack = localStack();
export const s3 = new S3Client({ ...sdkConfig(stack), endpoint: stack.endpoints.s3, forcePathStyle: true });
export const uploadsBucket = stack.env[bucketEnvName('uploads')] ?? resourceName('local', 'uploads');

/** Every key under `prefix` in the uploads bucket. */
export async function objectKeys(prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: uploadsBucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(out.Contents ?? []).map((o) => o.Key ?? ''));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function objectText(key: string): Promise<string> {
  const out = await s3.send(new GetObjectCommand({ Bucket: uploadsBucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray()).toString('utf8');
}

export const pdf = (text: string): UploadFile => ({ name: 'brief.pdf', type: 'application/pdf', content: new TextEncoder().encode(`%PDF-1.7\n${text}\n`) });

/** A visitor's demo request (with files, if any); answers its id once its first deliveries were attempted. */
export async function submitDemo(fields: { name: string; email: string; company?: string; message?: string }, files: UploadFile[] = []): Promise<string> {
  const id = randomUUID();
  const keys = files.length > 0 ? await uploadFiles('demoRequest', files) : [];
  const answer = await post(
    '/api/demo-requests',
    {
      name: fields.name,
      email: fields.email,
      phone: '+1 555 123 4567',
      company: fields.company ?? 'Acme Corp',
      jobTitle: 'Head of Sales',
      teamSize: '11-50',
      interests: ['sdr'],
      message: fields.message ?? 'We want an SDR agent to qualify our inbound leads.',
      preferredTime: 'morning',
      consent: true,
      ...(keys.length > 0 ? { files: keys } : {}),
    },
    { headers: { 'idempotency-key': id } },
  );
  if (answer.status !== 201) throw new Error(`demo request answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await attemptedSubmission(id);
  return id;
}

export async function submitContact(fields: { name: string; email: string; subject?: string }): Promise<string> {
  const id = randomUUID();
  const answer = await post(
    '/api/contact-messages',
    {
      name: fields.name,
      email: fields.email,
      phone: '(555) 987-6543',
      company: 'Initech',
      industry: 'retail',
      teamSize: '51-200',
      subject: fields.subject ?? 'Pricing question',
      message: 'How much would a customer support agent cost for a team of our size?',
      newsletter: false,
    },
    { headers: { 'idempotency-key': id } },
  );
  if (answer.status !== 201) throw new Error(`contact message answered ${answer.status}`);
  await attemptedSubmission(id);
  return id;
}

export async function submitIdea(fields: { fullName: string; email: string; title?: string }, files: UploadFile[] = []): Promise<string> {
  const id = randomUUID();
  const keys = files.length > 0 ? await uploadFiles('idea', files) : [];
  const answer = await post(
    '/api/ideas',
    {
      title: fields.title ?? 'Shift planner',
      description: 'An assistant that plans shifts for a small clinic.',
      targetUsers: 'Clinic managers',
      businessType: 'Healthcare',
      budget: 'Not sure yet',
      fullName: fields.fullName,
      email: fields.email,
      phone: '+44 20 7946 0958',
      ...(keys.length > 0 ? { files: keys } : {}),
    },
    { headers: { 'idempotency-key': id } },
  );
  if (answer.status !== 201) throw new Error(`idea answered ${answer.status}`);
  await attemptedSubmission(id);
  return id;
}
