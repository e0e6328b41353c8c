// Reference for `npm run bench:lambdas`: zod 4 (classic API, as shared/schemas uses it) validating one object.
import * as z from 'zod';

const schema = z.object({ name: z.string().trim().min(1).max(100), email: z.email() });
export const handler = async (event: unknown) => schema.safeParse(event).success;
