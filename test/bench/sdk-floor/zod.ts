// Reference for `npm run bench:lambdas`: zod 4 as shared/schemas uses it (zod/mini with its English messages,
// shared/schemas/zod.ts) validating one object. The classic API (`import * as z from 'zod'`) measured 83.1 KB here.
import * as z from '../../../shared/schemas/zod';

const schema = z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), email: z.email() });
export const handler = async (event: unknown) => schema.safeParse(event).success;
