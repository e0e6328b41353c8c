/**
 * Validation texts that several forms share (spec section 5 words them once for the demo form; the contact,
 * idea and account forms use the same words). Defined here once; each form's schema refers to them.
 */
export const sharedMessages = {
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  /** Upper bounds are ours (the spec has none): they keep a submission well inside a DynamoDB item and a mail. */
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
} as const;
