/**
 * The privacy policy (/privacy) and the terms (/terms), the pages the demo form's consent promises. Written for
 * this site and true to what it does: what each form collects, where it goes (AWS, SES mail to our support
 * staff, the two automation webhooks, Stripe), how long it is kept (shared/content/retention.ts, the numbers the
 * production stage is configured with), and how to ask for an export or an erasure (the staff console's
 * "A person's data" does it).
 */
import { brand } from './brand';
import { publishedRetention } from './retention';

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly items?: readonly string[];
}

export interface LegalPage {
  readonly title: string;
  /** When the text last changed (shown on the page). */
  readonly updated: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
}

const r = publishedRetention;
const days = (n: number) => (n === 1 ? '1 day' : n % 365 === 0 ? `${n / 365} year${n === 365 ? '' : 's'}` : `${n} days`);

export const privacyPolicy: LegalPage = {
  title: 'Privacy policy',
  updated: '28 November 2026',
  intro: `${brand.name} builds AI agents and apps for businesses. This page says what we collect when you use this site, what we do with it, how long we keep it, and how you can have it exported or erased. We collect only what the forms ask for, we do not sell it, and we use no advertising or tracking cookies.`,
  sections: [
    {
      heading: 'What each form collects',
      items: [
        'Book a free demo: your name, e-mail address, phone number, company, job title, team size, the areas you are interested in, your message, your preferred meeting time and your consent, plus up to 5 files you attach (images, PDF, DOCX, PPTX, XLSX, CSV or TXT, 10 MB each).',
        'Contact form: your name, e-mail address, phone number, company, industry, team size, subject, message, and whether you want our newsletter.',
        'Idea Hub: your app idea (title, description, target users, business sector, budget), your full name, e-mail address and phone number, the time you sent it, and up to 5 files (CSV, XLSX, PPTX, PDF, TXT or MP3, 10 MB each).',
        'Accounts: your e-mail address, the username you choose, and when the account was created. Your password is kept by Amazon Cognito, which signs you in; we never see it.',
        'Purchases: payments are made on Stripe’s checkout page, so your card details go to Stripe, not to us. Stripe tells us which app was bought, the checkout session and the e-mail address you gave it. The apps you bought are also remembered in your own browser (local storage, “purchasedApps_v1”). The fallback checkout only simulates a payment and sends nothing.',
        'Tailoring a prompt you bought: the answers you give in its customization form (your business’s name, website, location, hours, services and prices, policies, who takes over from the agent, and your tone and style), every prompt version you save with its time, and any prompt you edit by hand. While you type, your answers are also kept in your own browser (local storage) so that a reload loses nothing.',
        'Your browser keeps your light or dark theme choice (local storage, “theme”) and, while you are signed in, your sign-in tokens. Nothing of it is a tracking cookie.',
      ],
    },
    {
      heading: 'Where it goes',
      items: [
        'Everything you send is stored first, on Amazon Web Services in the United States (Amazon DynamoDB for the forms, Amazon S3 for your files).',
        'Each demo request, contact message and idea is e-mailed to our two support mailboxes through Amazon SES, with your files attached or linked, so our team can answer you.',
        'You get one short confirmation e-mail with a reference (at most one a day per address). It repeats none of what you wrote. To send no more than one a day we keep a one-way hash of your address, never the address, for 2 days.',
        'Ideas are also sent to our two automation webhooks (“test” and “prod”), which help us review them. Our support staff may send a demo request or contact message there too.',
        'If our operator has set up a prompt service, your customization answers are sent to it to write your prompt; otherwise the prompt is written on our servers.',
        'Purchases go through Stripe, under Stripe’s own privacy policy. Our support staff get an e-mail of each purchase, cancelled subscription and failed renewal, with the e-mail address you paid with.',
        'Our servers (Amazon CloudFront, AWS WAF and Amazon API Gateway) log each request: your IP address, the time, the address asked for and your browser. We use these logs to keep the site secure and working, and keep them up to one year.',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        `Demo requests, contact messages and ideas, with the record of their delivery and our internal notes: ${days(r.submissionDays)}, then they are deleted automatically.`,
        `Files you attached: ${days(r.attachmentDays)}. Files you uploaded but never sent (a form you left): ${days(r.orphanedUploadDays)}.`,
        `Files our staff export (a list of requests, or your data when you ask for it): ${days(r.exportDays)}.`,
        'Your account and profile: until you ask us to delete them. Purchase records, and our record of each e-mail about them to our support staff: as long as our bookkeeping obliges us to keep them; if you ask for erasure, without your e-mail address. Your customization answers and prompt versions: as long as the purchase is yours to use, or until you ask us to delete them.',
      ],
    },
    {
      heading: 'Your data: export and erasure',
      paragraphs: [
        `Write to ${brand.email} from the address you used, and say whether you want a copy of your data, its erasure, or both. We find everything we hold under that e-mail address (your demo requests, messages and ideas with their files, your account and profile, your purchases with our staff’s e-mails about them, and the answers and prompt versions of the prompts you tailored) and send you a copy as one file. On erasure we delete all of it, and keep only a note that an erasure took place, with no data of yours in it.`,
        'Your customization answers and prompt versions are yours, not bookkeeping: an erasure deletes them with the rest.',
        'Purchase records are the one exception: they are accounting records, which the law requires us to keep. On erasure we remove your e-mail address from them and keep only what was bought, the amount, the date and the payment references. We keep our record of each staff e-mail about a purchase the same way, without your address, so that a payment message Stripe sends again is not taken for a new one.',
        'Copies already sent to our support mailboxes and to our automation webhooks are deleted there by hand. Stripe keeps its own records of your payments; we can ask it to delete its customer record of you. We answer within 30 days, usually much sooner.',
      ],
    },
    {
      heading: 'Who can see it',
      paragraphs: [
        `Only the ${brand.name} team, signed in to our staff console, and the services named above, which process it for us. We do not sell or rent your data, and we do not use it to train AI models.`,
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`${brand.name}, ${brand.address}. E-mail ${brand.email}, phone ${brand.phone}.`],
    },
  ],
};

export const terms: LegalPage = {
  title: 'Terms of use',
  updated: '22 November 2026',
  intro: `These terms apply when you use the ${brand.name} website: its forms, the Idea Hub, the marketplace of AI apps and your account. By sending a form or buying an app you accept them. Our privacy policy says how we handle your data.`,
  sections: [
    {
      heading: 'Demo requests, messages and ideas',
      items: [
        'A demo is free and without obligation; we reply within 24 hours to agree a time (demos take 30 to 45 minutes).',
        'Send only information you are allowed to share. Ideas you submit are kept confidential and reviewed only by our internal team; sending one gives us no rights to it and creates no contract.',
        'Do not use the forms to send spam, malware or anything unlawful. We refuse and delete such submissions.',
      ],
    },
    {
      heading: 'The AI agent package',
      paragraphs: [
        'The agent package is priced at $800 setup plus $200 per month per agent, with a 3-week discovery phase and a 2-week optimization phase. The details of each engagement are agreed in a separate written agreement.',
      ],
    },
    {
      heading: 'Marketplace apps',
      items: [
        'Marketplace apps are sold for the one-time price shown, paid through Stripe. After payment you can retrieve an AI system prompt tailored to the choices you made.',
        'Prompts are generated for your use in your own business; check them before relying on them. They are provided as they are, without a guarantee of results.',
        'The fallback checkout (Quick Checkout) only simulates a payment: no money is taken and nothing is bought through it.',
        'If a payment went wrong, contact us and we will put it right or refund it.',
      ],
    },
    {
      heading: 'Accounts',
      paragraphs: ['Keep your password to yourself; you are responsible for what is done with your account. You can change your username and password on your profile, and ask us to delete the account at any time.'],
    },
    {
      heading: 'Liability',
      paragraphs: [
        `We take care to keep the site available and correct, but we provide it as it is. As far as the law allows, ${brand.name} is not liable for indirect losses from using the site or the prompts; our liability for a purchase is limited to its price.`,
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [`We may update these terms; the date above shows the latest version. Questions: ${brand.email}.`],
    },
  ],
};
