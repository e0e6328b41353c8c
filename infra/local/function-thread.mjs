// The function host's thread starts here, in plain JavaScript: whoever started the stack (tsx for `npm start`,
// Vitest or Playwright in tests) loaded TypeScript its own way, and a worker thread inherits none of it, so the
// thread registers tsx (which also reads tsconfig's `@shared/*` paths) before loading ./function-host.ts.
import { register } from 'tsx/esm/api';

register();
await import('./function-host.ts');
