/**
 * The profile record (spec: table `profiles`, keyed by the user's id, with `username`) and its update rule.
 * PUT /api/profile validates with `profileUpdateSchema`, the same schema the profile form uses; the id is
 * never part of the input because the server takes it from the verified access token.
 */
import * as z from './zod';
import { usernameField } from './auth';

export const profileUpdateSchema = z.strictObject({
  username: usernameField,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** What GET and PUT /api/profile answer. */
export interface Profile {
  /** The Cognito `sub`. */
  readonly id: string;
  readonly username: string;
  /** ISO timestamp of the account's confirmation (the spec's "member since"). */
  readonly created_at: string;
}
