/**
 * What the lead and idea forms show and start from, apart from how they are validated: the choices the spec lists
 * for their selects and checkboxes, the empty values a form starts with, and the honeypot field's name. No zod
 * here: a form renders from this module alone and loads its schema (and zod) only when it validates
 * (web/src/components/form/lazy-resolver.ts). The schemas in ./schemas validate against these same lists and
 * re-export them, so the API's handlers and the mails read them from there as before.
 */
/** The field's name in the forms and in the API bodies. */
export const HONEYPOT_FIELD = 'website';

/** spec 000_87e5fbf87b6c3f39.txt §3, "industry": value and the label the form and the mail show. */
export const industries = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'retail', label: 'Retail' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'other', label: 'Other' },
] as const;
export type Industry = (typeof industries)[number]['value'];

/** spec 000_87e5fbf87b6c3f39.txt §3, "interests": value and the label the form and the mail show. */
export const demoInterests = [
  { value: 'sdr', label: 'SDR/Lead Qualification' },
  { value: 'support', label: 'Customer Support' },
  { value: 'email', label: 'Email Management' },
  { value: 'social', label: 'Social Media Management' },
  { value: 'website', label: 'Website Design' },
  { value: 'custom', label: 'Custom Solution' },
] as const;
export type DemoInterest = (typeof demoInterests)[number]['value'];

/** spec 000_87e5fbf87b6c3f39.txt §3, "teamSize" (shared with the contact form). */
export const teamSizes = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export type TeamSize = (typeof teamSizes)[number];

/** spec 000_87e5fbf87b6c3f39.txt §3, "preferredTime". */
export const preferredTimes = [
  { value: 'morning', label: 'Morning (9 AM - 12 PM EST)' },
  { value: 'afternoon', label: 'Afternoon (1 PM - 5 PM EST)' },
  { value: 'evening', label: 'Evening (6 PM - 9 PM EST)' },
] as const;
export type PreferredTime = (typeof preferredTimes)[number]['value'];

/** spec 000_87e5fbf87b6c3f39.txt §3, "Idea businessType", in the order the select lists them. */
export const ideaBusinessTypes = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'E-commerce',
  'Manufacturing',
  'Retail',
  'Entertainment',
  'Travel',
  'Food & Beverage',
  'Other',
] as const;
export type IdeaBusinessType = (typeof ideaBusinessTypes)[number];

/** spec 000_87e5fbf87b6c3f39.txt §3, "Idea budget". */
export const ideaBudgets = [
  'Under $5,000',
  '$5,000 - $10,000',
  '$10,000 - $25,000',
  '$25,000 - $50,000',
  '$50,000 - $100,000',
  'Over $100,000',
  'Not sure yet',
] as const;
export type IdeaBudget = (typeof ideaBudgets)[number];

/** What the form holds before validation (selects start empty; the newsletter box starts unticked). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  industry: string;
  teamSize: string;
  subject: string;
  message: string;
  newsletter: boolean;
}

export const emptyContactForm: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  industry: '',
  teamSize: '',
  subject: '',
  message: '',
  newsletter: false,
};

/** What the dialog holds before validation (selects start empty, the consent box unticked). */
export interface DemoFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  teamSize: string;
  interests: string[];
  message: string;
  preferredTime: string;
  consent: boolean;
}

export const emptyDemoForm: DemoFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  jobTitle: '',
  teamSize: '',
  interests: [],
  message: '',
  preferredTime: '',
  consent: false,
};

/** What the idea form holds before validation (selects start empty, hence plain strings), its honeypot included. */
export interface IdeaFormValues {
  title: string;
  description: string;
  targetUsers: string;
  businessType: string;
  budget: string;
  fullName: string;
  email: string;
  phone: string;
  [HONEYPOT_FIELD]?: string;
}

export const emptyIdeaForm: IdeaFormValues = {
  title: '',
  description: '',
  targetUsers: '',
  businessType: '',
  budget: '',
  fullName: '',
  email: '',
  phone: '',
};
