/** Mail addresses as a stage writes them (`mail.from`: a name and an address). */

/** `Cadence AI <no-reply@x>` -> { name: 'Cadence AI', address: 'no-reply@x' } */
export function parseMailbox(mailbox: string): { name?: string; address: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailbox);
  if (!match) return { address: mailbox.trim() };
  const name = match[1]?.replace(/^"|"$/g, '');
  return name ? { name, address: match[2] as string } : { address: match[2] as string };
}
