/**
 * `npm start` / `npm run dev`: the whole site offline, until Ctrl-C.
 *
 *   npm start                  built web app from web/dist, data in .local/state (no build yet, as on a fresh
 *                              clone: the sources are served through Vite while the build runs, then web/dist)
 *   npm start -- --reset       same, after wiping the local data
 *   npm run dev                Vite's dev server with hot reload instead of web/dist
 *
 * Options: --port N (default PORT or 3000; 0 = free), --state-dir DIR, --web dist|vite|none, --stripe (the local
 * Stripe stand-in instead of the fallback checkout), --quiet,
 * --ready-json (print one line `LOCAL_STACK_READY {json}` when ready: for test harnesses).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalStack, type LocalStack, type StartOptions } from './stack';
import { distDir } from './site-server';
import { repoRoot } from './state';

// This stack runs on Node 20 on purpose (see notes); the SDK's "Node 22 from 2027" notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Output piped to a reader that went away (`npm start | tee stack.log`: Ctrl-C ends tee too) fails every write
// with EPIPE, which would crash the stop half-way, before the stack saved its mail. Nobody is left to read it.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

function parseArgs(argv: string[]): StartOptions & { readyJson: boolean; help: boolean } {
  const out: StartOptions & { readyJson: boolean; help: boolean } = { readyJson: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--dev':
        out.web = 'vite';
        break;
      case '--reset':
        out.reset = true;
        break;
      case '--port':
        out.port = Number(value());
        if (!Number.isInteger(out.port) || out.port < 0) throw new Error('--port must be a port number');
        break;
      case '--state-dir':
        out.stateDir = value();
        break;
      case '--web': {
        const web = value();
        if (web !== 'dist' && web !== 'vite' && web !== 'none') throw new Error('--web must be dist, vite or none');
        out.web = web;
        break;
      }
      case '--quiet':
        out.quiet = true;
        break;
      case '--ready-json':
        out.readyJson = true;
        break;
      case '--stripe':
        out.stripe = true;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new Error(`Unknown option ${arg} (see --help)`);
    }
  }
  return out;
}

/** Newest modification time among the files the web build reads (web/src, web/index.html, shared). */
function newestSourceMtime(): number {
  let newest = 0;
  const visit = (path: string) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const path of ['web/src', 'web/index.html', 'web/public', 'shared']) visit(join(repoRoot, path));
  return newest;
}

/** `npm run build:web` in the background, in its own process group so a stop can end all of it. */
function buildWebInBackground(onDone: (ok: boolean) => void): ChildProcess {
  const child = spawn('npm', ['run', '--silent', 'build:web'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  child.on('exit', (code) => onDone(code === 0));
  child.on('error', () => onDone(false));
  return child;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (args.help) {
    console.log(
      'Usage: npm start [-- --reset] [--port N] [--state-dir DIR] [--web dist|vite|none] [--stripe] [--quiet] [--ready-json]\n       npm run dev   (Vite dev server with hot reload)\n  --stripe  run the local Stripe stand-in: Buy Now, receipts, the billing portal and refunds offline',
    );
    return;
  }
  const { readyJson, help: _help, ...opts } = args;
  opts.web ??= 'dist';
  const builtIndex = join(distDir, 'index.html');
  // A fresh clone has no build: serve the sources through Vite at once and build in the background, so the
  // site answers within seconds instead of after a full production build.
  const buildFirst = opts.web === 'dist' && !existsSync(builtIndex) && !readyJson;
  if (buildFirst) opts.web = 'vite';
  else if (opts.web === 'dist' && existsSync(builtIndex) && newestSourceMtime() > statSync(builtIndex).mtimeMs) {
    console.warn('Note: web/dist is older than the web sources. Run `npm run build:web` for a current build, or `npm run dev`.');
  }

  let stack: LocalStack;
  try {
    stack = await startLocalStack(opts);
  } catch (error) {
    const e = error as Error;
    // Expected refusals (already running, port taken, schema changed) are one clear line, not a stack trace.
    if (['StackAlreadyRunningError', 'PortInUseError', 'TableSchemaMismatchError'].includes(e.name)) console.error(e.message);
    else console.error('The local stack could not start:', e);
    process.exit(1);
  }

  if (readyJson) {
    console.log(`LOCAL_STACK_READY ${JSON.stringify(stack.describe())}`);
  } else {
    const rows: [string, string][] = [
      ['Site', stack.siteUrl],
      ['Mailbox', stack.mailboxUrl],
      ['Webhook inbox', stack.webhookInboxUrl],
      ...(stack.stripeUrl ? ([['Stripe stand-in', `${stack.stripeUrl} (dashboard: refunds, disputes, renewals)`]] as [string, string][]) : []),
      ['Cognito', `${stack.endpoints.cognito} (pool ${stack.userPoolId}, client ${stack.userPoolClientId})`],
      ['DynamoDB', stack.endpoints.dynamodb],
      ['S3', stack.endpoints.s3],
      ['State', stack.stateDir],
    ];
    // Both clocks: the stack's own start, and since launch (module loading dominates on a busy machine).
    console.log(
      `\nLocal stack ready in ${(stack.startupMs / 1000).toFixed(1)} s (${process.uptime().toFixed(1)} s since launch; web: ${opts.web}).`,
    );
    for (const [label, value] of rows) console.log(`  ${`${label}:`.padEnd(15)} ${value}`);
    console.log('Press Ctrl-C to stop.\n');
  }

  let build: ChildProcess | undefined;
  if (buildFirst) {
    console.log('web/dist does not exist yet: serving the sources through Vite while `npm run build:web` runs ...');
    build = buildWebInBackground((ok) => {
      build = undefined;
      if (ok && existsSync(builtIndex)) {
        void stack.setWeb('dist').then(() => console.log(`The web build is done: ${stack.siteUrl} now serves web/dist (reload the page).`));
      } else {
        console.error('The web build failed: the site stays on Vite\'s dev server. See the errors above; `npm run build:web` retries.');
      }
    });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean stop.`);
      process.exit(1);
    }
    stopping = true;
    if (!readyJson) console.log(`\n${signal}: stopping the local stack ...`);
    // The background build is this process's child: end its whole process group (npm, vite) by its id.
    if (build?.pid) {
      try {
        process.kill(-build.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    try {
      await stack.stop();
    } catch (error) {
      console.error('Stopping failed:', error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

void main();
