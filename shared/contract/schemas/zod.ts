/**
 * The one place the project imports zod from: `import * as z from './zod'` (or '../schemas/zod').
 *
 * It is zod 4's `zod/mini`, the functional API of the same package: only the checks a schema uses end up in a
 * bundle, where the classic API's methods pull all of zod in. Measured: classic zod was ~83 KB minified of every
 * Lambda that validates input, mini ~20 KB, and the web's form chunks shrink the same way.
 *
 * Classic zod installs its English messages on first use; mini does not, and would answer "Invalid input" where no
 * message of our own is given (a wrong type, a strict object's unknown key, a bound without a text). Installing the
 * same English locale here keeps every such message word for word as before, for about 3 KB minified (1 KB gzip).
 * It is imported from its own file: `z.locales.en` would bundle every language.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// As classic zod does: only when nobody has chosen a locale yet.
if (!config().localeError) config(en());

// In the browser, no `new Function`: zod 4's fast path probes it, and under the site's CSP (no 'unsafe-eval') the
// browser reports the probe as a violation (a console error and a DevTools issue) even though zod catches it. Set here,
// where the web app's zod comes from, before any schema exists; the Lambdas keep zod's faster compiled parsers.
if (typeof document !== 'undefined') config({ jitless: true });

export * from 'zod/mini';
