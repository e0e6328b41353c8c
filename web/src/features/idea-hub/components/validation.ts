/**
 * The Idea Hub form's validation: zod's resolver for the shared schema POST /api/ideas validates with. Imported on
 * first need only (components/form/lazy-resolver.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { ideaFieldsSchema, type IdeaFields, type IdeaFormValues } from '@shared/contract/schemas/idea';

// The form holds strings (selects start empty); the schema turns them into the typed idea.
export const ideaResolver = zodResolver(ideaFieldsSchema) as unknown as Resolver<IdeaFormValues, unknown, IdeaFields>;
