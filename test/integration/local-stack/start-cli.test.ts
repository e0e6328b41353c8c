/**
 * `npm start` (infra/local/start.ts) whose output pipe goes away: `npm start | tee stack.log`, where Ctrl-C ends
 * tee as well. Stopping writes a line; with no reader left that write fails (EPIPE), and the stop must still
 * finish, saving what the stack keeps on stop (the local mailbox), and exit 0.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { repoRoot } from '../../../infra/local/state';
import { listMails } from '../../helpers/mailbox';
import { validContact } from '../lead-capture/support';

const stateDir = mkdtempSync(join(tmpdir(), 'agency-start-cli-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('npm start with its output piped', () => {
  it('stops cleanly and keeps the mail when the pipe has closed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--state-dir', stateDir, '--web', 'none'], {
      cwd: repoRoot,
      env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Press Ctrl-C to stop.')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
    });
    const siteUrl = /Site:\s+(\S+)/.exec(output)?.[1];
    const mailboxUrl = /Mailbox:\s+(\S+)/.exec(output)?.[1];
    const id = randomUUID();
    const answer = await fetch(`${siteUrl}${routes.createContactMessage.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: id },
      body: JSON.stringify(validContact('pipe')),
    });
    expect(answer.status).toBe(201);
    const mailed = async () => (await listMails({ mailboxUrl })).some((m) => (m.body.text ?? '').includes(id));
    for (let i = 0; i < 100 && !(await mailed()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await mailed()).toBe(true);

    // The reader goes away, then Ctrl-C.
    child.stdout.destroy();
    child.stderr.destroy();
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];

    expect(code).toBe(0);
    expect(readFileSync(join(stateDir, 'mail.json'), 'utf8')).toContain(id);
  }, 60_000);
});
