/**
 * The prompt studio's questions (issue 40): what the customization form after payment asks for each of the three
 * apps, in the product's words. One definition: the form's labels and hints, the schema's messages
 * (shared/contract/schemas/prompt-studio) and the built-in writer's section titles all read from here.
 *
 * The first app's business-type questions are what its untailored prompt lists under "What you must know before
 * going live (fill these in)" (shared/content/prompt-profiles.ts `knowledge`), asked as questions instead; the
 * facts every business type shares (hours, location, services and prices, the policies) are asked once, for all.
 */
import type { BusinessTypeId } from '../catalogue';

/** A question of its own to one business type: its answer becomes a line of the prompt's facts section. */
export interface BusinessQuestion {
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
  /** An example answer, shown under the field. */
  readonly hint: string;
}

const q = (id: string, label: string, required: boolean, hint: string): BusinessQuestion => ({ id, label, required, hint });

export const businessQuestions: Readonly<Record<BusinessTypeId, readonly BusinessQuestion[]>> = {
  'dentistry-offices': [
    q('team', 'Your dentists and what each one does', true, 'Dr. Ana Ruiz (general dentistry, implants); Dr. Li (orthodontics)'),
    q('insurance', 'Accepted insurance plans', true, 'Delta Dental PPO, Cigna, MetLife; no HMO plans'),
    q('aftercare', 'Approved aftercare instructions', false, 'After a filling: no hot drinks for 2 hours...'),
  ],
  'auto-shops': [
    q('dropOff', 'Drop-off and pick-up times', true, 'Drop-off from 7:30 am; pick-up until 6 pm'),
    q('makes', 'Makes and models you work on', true, 'All Japanese and Korean makes; no EV battery work'),
    q('courtesy', 'Courtesy-car and shuttle options', false, 'Free shuttle within 5 miles; 2 courtesy cars by booking'),
    q('warranty', 'Warranty on parts and labour', true, '12 months or 12,000 miles on parts and labour'),
  ],
  'stores-and-shops': [
    q('stock', 'How customers check stock', true, 'Live stock on the product page; call the store for sizes'),
    q('shipping', 'Shipping, pickup and delivery times', true, 'Free pickup in 2 hours; shipping 2-4 working days'),
    q('promotions', 'Current promotions', false, '10% off for newsletter subscribers'),
  ],
  restaurants: [
    q('kitchenHours', 'Kitchen closing times', true, 'Kitchen closes 30 minutes before the restaurant'),
    q('allergens', 'Allergens and dietary tags on the menu', true, 'Every dish lists the 14 allergens; vegan and gluten-free marked'),
    q('reservations', 'Reservation rules, party sizes and deposits', true, 'Online up to 8 guests; larger parties by phone, $10 deposit per guest'),
    q('takeout', 'Takeout and delivery options', false, 'Pickup at the bar; delivery through our website within 3 miles'),
    q('access', 'Parking and accessibility', false, 'Step-free entrance; street parking after 6 pm'),
  ],
  hotels: [
    q('checkInOut', 'Check-in and check-out times', true, 'Check-in from 3 pm, check-out by 11 am'),
    q('rooms', 'Room types and amenities', true, 'Standard, deluxe and family rooms; all with Wi-Fi and air conditioning'),
    q('onSite', 'On-site services (breakfast, parking, spa, fitness)', false, 'Breakfast 7-10 am; valet parking $25 a night'),
    q('nearby', 'Nearby attractions and transport', false, 'Old Town 5 minutes on foot; airport shuttle every hour'),
  ],
  education: [
    q('termDates', 'Term dates and timetables', true, 'Autumn term Sept 4 - Dec 15; lessons 8:30 am - 3 pm'),
    q('admissions', 'Programmes, admission requirements and deadlines', true, 'Grades 6-12; applications close March 1'),
    q('contacts', 'Key contacts for each department', true, 'Admissions: admissions@school.example; fees: bursar@school.example'),
    q('familyPolicies', 'Policies families ask about most', false, 'Absences reported by 9 am; uniform required'),
  ],
  'medical-offices': [
    q('afterHours', 'How to reach the practice after hours', true, 'Call the on-call line at 555-0100; emergencies: 911'),
    q('clinicians', 'Clinicians and appointment types', true, 'Dr. Okafor (family medicine): 15-minute visits, 30-minute physicals'),
    q('insurance', 'Accepted insurance and billing policies', true, 'Aetna, BlueCross, Medicare; co-pays due at check-in'),
    q('bring', 'Forms and documents patients must bring', true, 'Photo ID, insurance card, list of medications'),
    q('privacy', 'Where patients find your privacy notice', false, 'clinic.example/privacy and at the front desk'),
  ],
  'financial-advisors': [
    q('advisors', 'Your advisors and what each one covers', true, 'Jane Cole, CFP (retirement); Omar Haddad (small business)'),
    q('fees', 'How fees are charged', true, '1% of assets a year, billed quarterly; no commissions'),
    q('documents', 'Which documents clients send, and how to send them securely', true, 'Statements and tax returns through our client portal only'),
    q('disclosures', 'Required regulatory disclosures', true, 'Advisory services offered through Cole Advisors LLC, an SEC-registered adviser'),
  ],
  'small-business-and-others': [
    q('whatAndWhom', 'What the business does and for whom', true, 'Bookkeeping for freelancers and small shops'),
    q('quotes', 'How quotes are made', false, 'Free quote within 2 working days after a 15-minute call'),
    q('team', 'Who on the team handles what', false, 'Sam: new clients; Priya: invoices and payments'),
  ],
};

/** The channels the first app's agent works on. */
export const agentChannels = [
  { id: 'chat', label: 'Chat' },
  { id: 'email', label: 'E-mail' },
  { id: 'sms', label: 'SMS' },
  { id: 'voice', label: 'Voice' },
] as const;
export type AgentChannel = (typeof agentChannels)[number]['id'];

/** The channels the content generator writes for. */
export const contentChannels = [
  { id: 'blog', label: 'Blog posts and articles' },
  { id: 'social', label: 'Social media captions' },
  { id: 'newsletter', label: 'E-mail newsletters' },
  { id: 'product', label: 'Product descriptions' },
  { id: 'ads', label: 'Ads and landing pages' },
] as const;
export type ContentChannel = (typeof contentChannels)[number]['id'];

/**
 * Tone presets: `default` is the business type's own tone (first app) or the app's (the others); each other preset
 * replaces it with its own words and examples.
 */
export const tonePresets = [
  { id: 'default', label: "The business type's default" },
  { id: 'warm', label: 'Warm' },
  { id: 'formal', label: 'Formal' },
  { id: 'concise', label: 'Concise' },
  { id: 'playful', label: 'Playful' },
] as const;
export type TonePreset = (typeof tonePresets)[number]['id'];

export const readingLevels = [
  { id: 'simple', label: 'Simple (everyday words, short sentences)' },
  { id: 'standard', label: 'Standard' },
  { id: 'expert', label: 'Expert (the field’s own terms)' },
] as const;
export type ReadingLevel = (typeof readingLevels)[number]['id'];

export const emojiUses = [
  { id: 'none', label: 'None' },
  { id: 'few', label: 'A few' },
  { id: 'many', label: 'Plenty' },
] as const;
export type EmojiUse = (typeof emojiUses)[number]['id'];

/** The labels of the questions every app shares or that the form and the messages name. */
export const studioLabels = {
  fieldId: 'Field',
  subcategoryId: 'Business type',
  productId: 'Product',
  businessName: 'Business name',
  website: 'Website',
  location: 'Location',
  hours: 'Opening hours',
  offerings: 'Services or products with prices',
  offeringName: 'Service or product',
  offeringPrice: 'Price',
  offeringDetails: 'Details',
  cancellation: 'Cancellation policy',
  refunds: 'Refund policy',
  payment: 'Payment policy',
  handoverWho: 'Who takes over',
  handoverChannel: 'How they take over (phone, e-mail, chat)',
  handoverHours: 'When they are available',
  languages: 'Languages',
  channels: 'Channels',
  dos: 'Always do',
  donts: 'Never do',
  tonePreset: 'Tone',
  toneNotes: 'Notes on tone and style',
  readingLevel: 'Reading level',
  emoji: 'Emoji',
  brand: 'Brand name',
  brandAbout: 'What the brand does',
  audience: 'Audience',
  contentChannels: 'Channels',
  voice: 'Brand voice',
  avoidWords: 'Words to avoid',
  writingSample: 'A sample of your own writing',
  product: 'Product or service',
  productAbout: 'What it does and for whom',
  faqs: 'Frequent questions and their answers',
  faqQuestion: 'Question',
  faqAnswer: 'Answer',
  supportPolicies: 'Policies the bot quotes',
  tools: 'Tools the bot can use',
  toolName: 'Tool',
  toolUse: 'What it is for',
  escalation: 'Escalation: who takes over, how and when',
} as const;
