/** The agency's identity: one place for the name and contact details shown across the site and in mail. */
export const brand = {
  name: 'Cadence AI',
  tagline: 'Custom AI agents that work while you sleep',
  email: 'hello@cadence-ai.example',
  phone: '+1 (555) 014-2290',
  address: 'Remote-first · New York, NY',
} as const;
