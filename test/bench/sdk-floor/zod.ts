// Floor part of `npm run bench:lambdas` for zod: one schema checked, through the project's one zod import (zod 4's
// mini API with the English messages installed, shared/contract/schemas/zod.ts), as every function that takes input
// validates it with the shared schema (the house's standards; the design card names zod for it).
import * as z from '../../../shared/contract/schemas/zod';

const schema = z.object({ id: z.string().check(z.minLength(1)) });
export const use = (id: string) => Promise.resolve(schema.safeParse({ id }));
