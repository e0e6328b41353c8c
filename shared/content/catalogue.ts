/**
 * The marketplace catalogue (spec 000_87e5fbf87b6c3f39.txt §3) and the AI agent package: ONE definition for the web and the API.
 *
 * The web renders cards, the detail panel and the customization selects from it; the create-payment function
 * prices Stripe Checkout sessions from it (never from the client), and the prompt generator writes prompts from
 * its names and descriptions. Changing a price here changes what the site shows and what Stripe charges.
 */
import { servicesPackage } from './services-package';

export { servicesPackage };

// ---------------------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------------------

export interface CatalogueProduct {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

export interface Subcategory {
  readonly id: BusinessTypeId;
  readonly name: string;
  readonly description: string;
  readonly products?: readonly CatalogueProduct[];
}

export interface FieldOption {
  readonly id: FieldId;
  readonly name: string;
  readonly description: string;
  readonly subcategories: readonly Subcategory[];
}

export interface MarketplaceApp {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** One-time price in US dollars. An app without a price is shown and sold at FALLBACK_PRICE. */
  readonly price?: number;
  /** Site-relative URL of the card image (web/public/marketplace). */
  readonly image: string;
  readonly category: string;
  readonly features: readonly string[];
  /**
   * The app's provider product id (spec §3's catalogue column; the spec names the field after the provider:
   * its name followed by ProductId). It is the site's own id for what is sold, not a Stripe Product (`prod_...`):
   * Checkout sessions are priced inline from this catalogue, and this id travels in the session's metadata and
   * opens the fallback checkout (`/quick-checkout?product=...`, whose page finds the app again by it).
   */
  readonly stripeProductId: string;
  readonly fieldOptions?: readonly FieldOption[];
}

// ---------------------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------------------

/** Shown (and charged) for an app without a price; also the fixed total of the fallback checkout. */
export const FALLBACK_PRICE = 0.5;

/** Number of features a card lists before '+ n more features'. */
export const CARD_FEATURE_COUNT = 3;

export const CURRENCY = 'usd';

/** The price a visitor sees and pays for an app, in dollars. */
export function appPrice(app: Pick<MarketplaceApp, 'price'>): number {
  return app.price !== undefined && Number.isFinite(app.price) && app.price > 0 ? app.price : FALLBACK_PRICE;
}

/** Dollars -> Stripe's integer cents, without floating-point drift (49.99 -> 4999). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}


// ---------------------------------------------------------------------------------------------------------
// Business types: the subcategories every field option offers
// ---------------------------------------------------------------------------------------------------------

export const businessTypes = [
  { id: 'dentistry-offices', name: 'Dentistry Offices' },
  { id: 'auto-shops', name: 'Auto Shops' },
  { id: 'stores-and-shops', name: 'Stores & Shops' },
  { id: 'restaurants', name: 'Restaurants' },
  { id: 'hotels', name: 'Hotels' },
  { id: 'education', name: 'Education' },
  { id: 'medical-offices', name: 'Medical Offices' },
  { id: 'financial-advisors', name: 'Financial Advisors' },
  { id: 'small-business-and-others', name: 'Small Business & Others' },
] as const;

/** A subcategory id. The prompt profiles are keyed by it, so renaming one fails the typecheck there. */
export type BusinessTypeId = (typeof businessTypes)[number]['id'];

/** The first app's field options, by id (each FieldOption below must use one; the prompt profiles are keyed by them). */
export const fieldIds = ['customer-support', 'healthcare', 'finance', 'marketing', 'scheduling', 'creative', 'security', 'hr', 'industry-specific'] as const;
export type FieldId = (typeof fieldIds)[number];

type ProductRow = readonly [id: string, name: string, description: string];

/** One field's subcategories: a description per business type, and (for some fields) products per type. */
function subcategoriesFor(
  descriptions: Record<BusinessTypeId, string>,
  products?: Record<BusinessTypeId, readonly ProductRow[]>,
): Subcategory[] {
  return businessTypes.map(({ id, name }) => {
    const rows = products?.[id];
    return {
      id,
      name,
      description: descriptions[id],
      ...(rows ? { products: rows.map(([pid, pname, pdesc]) => ({ id: pid, name: pname, description: pdesc })) } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The first app's nine field options
// ---------------------------------------------------------------------------------------------------------

const customerSupport: FieldOption = {
  id: 'customer-support',
  name: 'Customer Support',
  description: 'Answers customer questions, solves common problems and hands over to your team when a person is needed.',
  subcategories: /* @__PURE__ */ subcategoriesFor(
    {
      'dentistry-offices': 'Answers patient questions about appointments, insurance coverage, treatments and aftercare, day and night.',
      'auto-shops': 'Gives customers repair status updates, price ranges and booking help without tying up the service desk.',
      'stores-and-shops': 'Handles questions about stock, opening hours, orders, returns and exchanges for retail shops.',
      restaurants: 'Answers questions about menus, allergens, opening hours, reservations and takeout orders.',
      hotels: 'Assists guests before and during their stay: bookings, amenities, check-in times and special requests.',
      education: 'Helps students and parents with enrolment, timetables, fees and everyday school questions.',
      'medical-offices': 'Supports patients with appointment logistics, office policies, billing questions and directions.',
      'financial-advisors': 'Responds to client questions about meetings, documents and account servicing, without giving advice.',
      'small-business-and-others': 'A general support assistant for service businesses, agencies, studios and any other small team.',
    },
    {
      'dentistry-offices': [
        ['appointment-reminder-bot', 'Appointment Reminder Bot', 'Confirms upcoming cleanings and treatments, and offers a new slot when a patient cannot make it.'],
        ['insurance-faq-assistant', 'Insurance FAQ Assistant', 'Explains which plans the practice accepts and what patients should bring, and routes coverage disputes to staff.'],
        ['post-treatment-care-guide', 'Post-Treatment Care Guide', 'Gives approved aftercare instructions for fillings, extractions and whitening, and flags warning signs.'],
      ],
      'auto-shops': [
        ['repair-status-bot', 'Repair Status Bot', 'Tells customers where their vehicle is in the repair queue and when to expect a call.'],
        ['service-booking-assistant', 'Service Booking Assistant', 'Books oil changes, inspections and diagnostics into open bays and collects vehicle details.'],
        ['quote-explainer', 'Quote Explainer', 'Explains line items on a repair estimate in plain words and hands price negotiations to the service writer.'],
      ],
      'stores-and-shops': [
        ['order-tracking-bot', 'Order Tracking Bot', 'Looks up order status and delivery estimates and explains what to do when a parcel is late.'],
        ['returns-exchanges-assistant', 'Returns & Exchanges Assistant', 'Walks shoppers through the return policy, eligibility and the steps to send an item back.'],
        ['product-availability-helper', 'Product Availability Helper', 'Answers whether an item, size or colour is in stock and suggests close alternatives.'],
      ],
      restaurants: [
        ['reservation-bot', 'Reservation Bot', 'Takes, changes and cancels table reservations and handles party-size and seating requests.'],
        ['menu-allergen-assistant', 'Menu & Allergen Assistant', 'Describes dishes and lists allergens from the approved menu, and never guesses about ingredients.'],
        ['takeout-order-helper', 'Takeout Order Helper', 'Answers pickup and delivery questions, order times and hand-off instructions.'],
      ],
      hotels: [
        ['guest-concierge-bot', 'Guest Concierge Bot', 'Recommends amenities and local spots and answers questions during the stay.'],
        ['booking-change-assistant', 'Booking Change Assistant', 'Explains how to change dates or room types and the cancellation terms that apply.'],
        ['check-in-amenities-guide', 'Check-in & Amenities Guide', 'Covers check-in and check-out times, parking, Wi-Fi, breakfast and accessibility.'],
      ],
      education: [
        ['enrolment-helpdesk', 'Enrolment Helpdesk', 'Guides families through admission steps, deadlines and required documents.'],
        ['class-schedule-assistant', 'Class Schedule Assistant', 'Answers timetable, room and term-date questions for students and parents.'],
        ['parent-communication-bot', 'Parent Communication Bot', 'Answers routine parent questions and routes concerns about a child to the right staff member.'],
      ],
      'medical-offices': [
        ['patient-faq-bot', 'Patient FAQ Bot', 'Answers questions about office hours, accepted insurance, forms and what to bring, without giving medical advice.'],
        ['appointment-scheduling-assistant', 'Appointment Scheduling Assistant', 'Finds and books suitable appointment slots and sends patients the preparation steps.'],
        ['billing-questions-helper', 'Billing Questions Helper', 'Explains statements and payment options and passes disputes to the billing team.'],
      ],
      'financial-advisors': [
        ['client-onboarding-assistant', 'Client Onboarding Assistant', 'Walks new clients through the documents and steps needed to open an account.'],
        ['meeting-scheduler', 'Meeting Scheduler', 'Books reviews and discovery calls with the right advisor and sends the agenda.'],
        ['document-request-bot', 'Document Request Bot', 'Collects statements and forms the advisor needs and confirms what is still missing.'],
      ],
      'small-business-and-others': [
        ['website-chat-assistant', 'Website Chat Assistant', 'Answers visitor questions on your website and captures leads for follow-up.'],
        ['email-reply-drafter', 'Email Reply Drafter', 'Drafts polite, accurate replies to common customer emails for your team to approve.'],
        ['complaint-triage-bot', 'Complaint Triage Bot', 'Acknowledges complaints, gathers the facts and escalates them by urgency.'],
      ],
    },
  ),
};

const healthcare: FieldOption = {
  id: 'healthcare',
  name: 'Healthcare',
  description: 'Patient-facing and health-related assistants that stay within safe, non-diagnostic boundaries.',
  subcategories: /* @__PURE__ */ subcategoriesFor(
    {
      'dentistry-offices': 'Clinical-office assistants for dental practices: patient intake, recall visits and treatment information.',
      'auto-shops': 'Workplace health and safety for garages: safety procedures, injury reporting and employee wellbeing.',
      'stores-and-shops': 'Health-related help for pharmacies, health-food stores and shops selling wellness products.',
      restaurants: 'Food safety and dietary needs for kitchens and front-of-house teams.',
      hotels: 'Guest wellbeing: spa and fitness services, accessibility needs and referrals to local medical care.',
      education: 'School health offices: nurse visits, health forms and student wellbeing check-ins.',
      'medical-offices': 'Assistants for clinics and practices: patient intake, triage routing, scheduling and follow-up.',
      'financial-advisors': 'Health-related financial planning: health insurance, HSAs and long-term care.',
      'small-business-and-others': 'Employee health benefits and workplace wellness for small teams.',
    },
    {
      'dentistry-offices': [
        ['patient-intake-bot', 'Patient Intake Bot', 'Collects medical history, medications and dental concerns before the first visit.'],
        ['recall-hygiene-reminder', 'Recall & Hygiene Reminder', 'Reminds patients when their six-month cleaning is due and books it.'],
        ['treatment-plan-explainer', 'Treatment Plan Explainer', 'Explains a proposed treatment plan in plain language and collects questions for the dentist.'],
      ],
      'auto-shops': [
        ['shop-safety-assistant', 'Shop Safety Assistant', 'Answers questions about protective equipment, lifts, chemicals and safe work procedures.'],
        ['injury-report-helper', 'Injury Report Helper', 'Guides staff through reporting a workplace injury and tells them who to notify.'],
        ['employee-wellness-check-in', 'Employee Wellness Check-in', 'Runs short, voluntary wellbeing check-ins and points to available support.'],
      ],
      'stores-and-shops': [
        ['pharmacy-refill-reminder', 'Pharmacy Refill Reminder', 'Reminds customers when a prescription refill is due and when it is ready for pickup.'],
        ['wellness-product-advisor', 'Wellness Product Advisor', 'Describes vitamins and wellness products from approved information and suggests asking a pharmacist.'],
        ['health-claims-checker', 'Health Claims Checker', 'Reviews product texts for health claims that the shop is not allowed to make.'],
      ],
      restaurants: [
        ['allergen-dietary-assistant', 'Allergen & Dietary Assistant', 'Matches dishes to dietary needs such as gluten-free, vegan or nut-free from the approved menu data.'],
        ['food-safety-checklist-bot', 'Food Safety Checklist Bot', 'Walks kitchen staff through opening, closing and temperature-log checklists.'],
        ['nutrition-info-helper', 'Nutrition Info Helper', 'Answers calorie and nutrition questions from published nutrition facts.'],
      ],
      hotels: [
        ['spa-wellness-booking-bot', 'Spa & Wellness Booking Bot', 'Books spa treatments and fitness classes and explains their health precautions.'],
        ['guest-medical-referral-assistant', 'Guest Medical Referral Assistant', 'Points guests to nearby pharmacies, clinics and emergency services.'],
        ['accessibility-needs-helper', 'Accessibility Needs Helper', 'Records accessibility requirements and confirms accessible rooms and facilities.'],
      ],
      education: [
        ['school-nurse-assistant', 'School Nurse Assistant', "Answers parents' questions about the nurse's office, medication at school and sick-day rules."],
        ['health-form-collector', 'Health Form Collector', 'Collects immunisation records, allergy information and consent forms before term starts.'],
        ['student-wellbeing-check-in', 'Student Wellbeing Check-in', 'Runs gentle wellbeing check-ins and alerts the counsellor when a student asks for help.'],
      ],
      'medical-offices': [
        ['clinic-intake-bot', 'Patient Intake Bot', 'Collects reason for visit, history and insurance details and prepares them for the clinician.'],
        ['symptom-triage-router', 'Symptom Triage Router', 'Routes patients to the right appointment type and sends emergencies to emergency services, without diagnosing.'],
        ['schedule-assistant', 'Schedule Assistant', 'Books, moves and confirms appointments and sends preparation instructions.'],
      ],
      'financial-advisors': [
        ['health-insurance-explainer', 'Health Insurance Explainer', 'Explains deductibles, premiums and networks in plain language, ahead of an advisor meeting.'],
        ['hsa-fsa-assistant', 'HSA & FSA Assistant', 'Answers questions about health savings and flexible spending accounts and their yearly limits.'],
        ['long-term-care-planning-guide', 'Long-Term Care Planning Guide', 'Prepares clients for a long-term care planning conversation with their advisor.'],
      ],
      'small-business-and-others': [
        ['benefits-enrolment-assistant', 'Benefits Enrolment Assistant', 'Guides employees through health benefit options and enrolment deadlines.'],
        ['sick-leave-helper', 'Sick Leave Helper', 'Explains the sick-leave policy and how to report an absence.'],
        ['wellness-program-coach', 'Wellness Program Coach', 'Promotes workplace wellness activities and tracks voluntary participation.'],
      ],
    },
  ),
};

const finance: FieldOption = {
  id: 'finance',
  name: 'Finance',
  description: 'Billing, invoicing, payments and financial admin, with accuracy and privacy first.',
  subcategories: /* @__PURE__ */ subcategoriesFor(
    {
      'dentistry-offices': 'Billing, payment plans and insurance claims for dental practices.',
      'auto-shops': 'Repair estimates, invoices and parts costs for garages and repair shops.',
      'stores-and-shops': 'Sales reconciliation, inventory costs and supplier bills for retailers.',
      restaurants: 'Food costs, supplier invoices and tip pooling for restaurants.',
      hotels: 'Guest folios, deposits, refunds and revenue reporting for hotels.',
      education: 'Tuition, fees and financial aid for schools, colleges and tutoring centres.',
      'medical-offices': 'Patient billing, insurance claims and collections for medical practices.',
      'financial-advisors': 'Client reporting, review preparation and compliance checklists for advisory firms.',
      'small-business-and-others': 'Everyday finance for small businesses: invoices, expenses and cash flow.',
    },
    {
      'dentistry-offices': [
        ['invoice-processor', 'Invoice Processor', 'Reads supplier and lab invoices, extracts totals and due dates and flags mismatches.'],
        ['payment-plan-assistant', 'Payment Plan Assistant', 'Explains the payment plans a practice offers and sets up reminders for instalments.'],
        ['insurance-claim-tracker', 'Insurance Claim Tracker', 'Tracks submitted claims and tells patients what is still pending.'],
      ],
      'auto-shops': [
        ['repair-estimate-builder', 'Repair Estimate Builder', 'Turns a technician’s notes into a clear, itemised estimate for the customer.'],
        ['invoice-processor', 'Invoice Processor', 'Reads parts and supplier invoices, extracts line items and flags price changes.'],
        ['parts-cost-tracker', 'Parts Cost Tracker', 'Tracks parts spending per job and warns when margins drop.'],
      ],
      'stores-and-shops': [
        ['sales-reconciliation-bot', 'Sales Reconciliation Bot', 'Matches daily till and card-terminal totals and lists differences to check.'],
        ['inventory-cost-tracker', 'Inventory Cost Tracker', 'Tracks cost of goods and slow-moving stock and suggests reorder points.'],
        ['supplier-invoice-processor', 'Supplier Invoice Processor', 'Extracts supplier invoice data and matches it to purchase orders.'],
      ],
      restaurants: [
        ['food-cost-calculator', 'Food Cost Calculator', 'Calculates plate costs from recipes and supplier prices and highlights dishes with thin margins.'],
        ['supplier-invoice-processor', 'Supplier Invoice Processor', 'Reads produce and beverage invoices and checks them against deliveries.'],
        ['tip-pool-assistant', 'Tip Pool Assistant', 'Explains the tip-pool rules and prepares the split for the manager to approve.'],
      ],
      hotels: [
        ['guest-folio-assistant', 'Guest Folio Assistant', 'Explains charges on a guest folio and corrects obvious errors with the front desk.'],
        ['deposit-refund-handler', 'Deposit & Refund Handler', 'Answers deposit and refund questions according to the booking terms.'],
        ['revenue-report-summarizer', 'Revenue Report Summarizer', 'Summarises occupancy, average rate and revenue per room for the week.'],
      ],
      education: [
        ['tuition-payment-assistant', 'Tuition Payment Assistant', 'Answers questions about tuition amounts, due dates and payment methods.'],
        ['financial-aid-navigator', 'Financial Aid Navigator', 'Explains scholarships and aid options and the documents each one needs.'],
        ['fee-reminder-bot', 'Fee Reminder Bot', 'Sends friendly reminders for upcoming and overdue fees.'],
      ],
      'medical-offices': [
        ['medical-billing-assistant', 'Medical Billing Assistant', 'Explains statements, co-pays and payment options to patients.'],
        ['claim-denial-helper', 'Claim Denial Helper', 'Summarises denied claims and prepares the information needed to appeal.'],
        ['patient-balance-reminder', 'Patient Balance Reminder', 'Sends courteous reminders for outstanding balances and offers payment plans.'],
      ],
      'financial-advisors': [
        ['portfolio-review-prep', 'Portfolio Review Prep', 'Prepares an agenda and the questions to cover before a client portfolio review.'],
        ['client-report-summarizer', 'Client Report Summarizer', 'Turns quarterly reports into a short plain-language summary for the client.'],
        ['compliance-checklist-bot', 'Compliance Checklist Bot', 'Checks that client files contain the required disclosures and signatures.'],
      ],
      'small-business-and-others': [
        ['invoice-processor', 'Invoice Processor', 'Reads incoming invoices, extracts amounts and due dates and prepares them for approval.'],
        ['expense-categorizer', 'Expense Categorizer', 'Sorts expenses into bookkeeping categories and flags receipts that are missing.'],
        ['cash-flow-forecaster', 'Cash Flow Forecaster', 'Projects the next weeks of cash in and out from invoices and recurring bills.'],
      ],
    },
  ),
};

const marketing: FieldOption = {
  id: 'marketing',
  name: 'Marketing',
  description: 'Campaigns, copy and customer engagement that sound like your brand.',
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Attracts new patients with review requests, local search content and whitening or implant promotions.',
    'auto-shops': 'Seasonal service campaigns, review follow-ups and local ads for garages.',
    'stores-and-shops': 'Product launches, promotions, newsletters and social posts for retailers.',
    restaurants: 'Menu highlights, event promotions, review responses and social content for restaurants.',
    hotels: 'Direct-booking campaigns, seasonal packages and replies to guest reviews.',
    education: 'Enrolment campaigns, open-day invitations and program pages for schools and tutors.',
    'medical-offices': 'Compliant patient-education content and practice marketing for clinics.',
    'financial-advisors': 'Compliant thought leadership, newsletters and lead nurturing for advisors.',
    'small-business-and-others': 'Campaign ideas, copy and social posts for any small business.',
  }),
};

const scheduling: FieldOption = {
  id: 'scheduling',
  name: 'Scheduling',
  description: 'Bookings, calendars, reminders and rescheduling without the back-and-forth.',
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Books cleanings and treatments, fills cancellations and manages recall visits.',
    'auto-shops': 'Books service slots and manages bay capacity and courtesy-car availability.',
    'stores-and-shops': 'Staff shifts, in-store appointments and click-and-collect pickup windows.',
    restaurants: 'Table reservations, waitlists, private events and staff rotas.',
    hotels: 'Room bookings, early check-in requests, spa slots and housekeeping schedules.',
    education: 'Classes, tutoring sessions, parent-teacher meetings and exam timetables.',
    'medical-offices': 'Patient appointments, provider calendars, reminders and no-show follow-up.',
    'financial-advisors': 'Client reviews, discovery calls and annual planning meetings.',
    'small-business-and-others': 'Appointments, consultations and team calendars for any small business.',
  }),
};

const creative: FieldOption = {
  id: 'creative',
  name: 'Creative',
  description: 'Writing, storytelling and content ideas in your brand voice.',
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Friendly patient newsletters, smile-makeover captions and waiting-room content.',
    'auto-shops': 'Car-care tips, project showcases and engaging social captions.',
    'stores-and-shops': 'Product descriptions, window-display ideas and brand storytelling.',
    restaurants: 'Menu descriptions, dish stories, event themes and chef features.',
    hotels: 'Room and destination descriptions, guest welcome letters and local guides.',
    education: 'Lesson ideas, course descriptions and engaging learning materials.',
    'medical-offices': 'Plain-language patient leaflets and health awareness campaigns.',
    'financial-advisors': 'Clear explainers, client letters and educational articles.',
    'small-business-and-others': 'Brand voice, taglines, blog posts and creative campaigns.',
  }),
};

const security: FieldOption = {
  id: 'security',
  name: 'Security',
  description: 'Security awareness, data protection and safe handling of sensitive requests.',
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Protects patient records with privacy-aware answers, phishing checks and access hygiene.',
    'auto-shops': 'Secures customer payment data, vehicle records and key-handover procedures.',
    'stores-and-shops': 'Payment-card security, fraud signals and staff security awareness for retailers.',
    restaurants: 'Point-of-sale security, online-order fraud and Wi-Fi hygiene.',
    hotels: 'Guest data protection, key-card policies and booking-fraud detection.',
    education: 'Student data privacy, account security and safe-browsing guidance.',
    'medical-offices': 'Privacy-aware answers, identity checks and incident reporting for clinics.',
    'financial-advisors': 'Client identity verification, wire-fraud warnings and compliance-aware data handling.',
    'small-business-and-others': 'Password hygiene, phishing awareness and first steps after an incident for small teams.',
  }),
};

const hr: FieldOption = {
  id: 'hr',
  name: 'HR',
  description: 'Hiring, onboarding and everyday employee questions.',
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Hiring hygienists and assistants, onboarding and practice policy questions.',
    'auto-shops': 'Recruiting technicians, tracking certifications and safety onboarding.',
    'stores-and-shops': 'Seasonal hiring, shift swaps and retail onboarding.',
    restaurants: 'Hiring front and back of house, food-handler certificates, onboarding and shift questions.',
    hotels: 'Recruiting housekeeping and front-desk staff, onboarding and rota questions.',
    education: 'Staff recruitment, substitute coordination and policy questions.',
    'medical-offices': 'Credentialing, onboarding and policy questions for clinical staff.',
    'financial-advisors': 'Licensing reminders, onboarding and compliance training.',
    'small-business-and-others': 'Job posts, interview screening, onboarding and everyday HR questions.',
  }),
};

const industrySpecific: FieldOption = {
  id: 'industry-specific',
  name: 'Industry-Specific',
  description: "Agents that speak your industry's language and follow its workflows.",
  subcategories: /* @__PURE__ */ subcategoriesFor({
    'dentistry-offices': 'Dental terminology, procedure names and practice workflows built in.',
    'auto-shops': 'Automotive terminology, repair workflows and parts knowledge built in.',
    'stores-and-shops': 'Retail operations: inventory, merchandising and point-of-sale workflows.',
    restaurants: 'Hospitality operations: kitchen workflows, front of house and delivery platforms.',
    hotels: 'Hotel operations: property management, housekeeping and guest services.',
    education: 'Education workflows: curricula, grading policies and learning platforms.',
    'medical-offices': 'Clinical office workflows: health-record terminology, referrals and compliance.',
    'financial-advisors': 'Advisory workflows: planning, custodians and regulatory language.',
    'small-business-and-others': "Tailored to your own industry's vocabulary, tools and customers.",
  }),
};

// ---------------------------------------------------------------------------------------------------------
// The catalogue (spec 000_87e5fbf87b6c3f39.txt §3)
// ---------------------------------------------------------------------------------------------------------

export const marketplaceApps: readonly MarketplaceApp[] = [
  {
    id: 'ai-system-prompt-generator',
    name: 'AI Agent System Prompt Generator',
    description:
      'A production-ready system prompt for your AI agent, tailored to your field, your type of business and the job the agent does.',
    price: 49.99,
    image: '/marketplace/ai-system-prompt-generator.svg',
    category: 'Productivity',
    features: [
      'Industry-specific prompts',
      'Business-tailored interactions',
      'Customizable tone and style',
      'Optimized for performance',
      'Unlimited revisions',
      'Downloadable prompt files',
    ],
    stripeProductId: 'ai-agent-prompt',
    fieldOptions: [customerSupport, healthcare, finance, marketing, scheduling, creative, security, hr, industrySpecific],
  },
  {
    id: 'ai-content-generator',
    name: 'AI Content Generator',
    description: 'Blog posts, social captions, newsletters and product copy in your brand voice, drafted in minutes.',
    price: 39.99,
    image: '/marketplace/ai-content-generator.svg',
    category: 'Content',
    features: ['Blog posts and articles', 'Social media captions', 'Email newsletters', 'Product descriptions', 'Brand voice presets'],
    stripeProductId: 'ai-content-gen',
  },
  {
    id: 'ai-customer-support',
    name: 'AI Customer Support Bot',
    description: 'A support assistant that answers FAQs, looks up orders and hands complex cases to your team, around the clock.',
    price: 59.99,
    image: '/marketplace/ai-customer-support.svg',
    category: 'Customer Service',
    features: ['24/7 automated answers', 'Trained on your FAQs', 'Order and booking lookups', 'Human hand-over rules'],
    stripeProductId: 'ai-support-bot',
  },
];

/** The app with this id, or with this payment-provider product id (the fallback checkout sends the latter). */
export function findApp(idOrProviderId: string): MarketplaceApp | undefined {
  return (
    marketplaceApps.find((a) => a.id === idOrProviderId) ?? marketplaceApps.find((a) => a.stripeProductId === idOrProviderId)
  );
}

/** The category tabs after 'All Apps': each distinct category, in lowercase, in catalogue order. */
export function categoryTabs(apps: readonly MarketplaceApp[] = marketplaceApps): string[] {
  return [...new Set(apps.map((a) => a.category.toLowerCase()))];
}
