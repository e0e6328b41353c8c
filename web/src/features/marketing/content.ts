/**
 * The agency's marketing copy and claims (spec sections 1 and 9), in one place so every page states the same
 * numbers. Prices and hours are the spec's; nothing here is placeholder text. The package price comes from
 * the same definition the create-payment function charges.
 */
import { servicesPackage } from '@shared/content/services-package';

/** Results clients can expect, as claimed across the site. */
export const results = [
  { value: 'Up to 30%', label: 'cost reduction in the workflows our agents take over' },
  { value: '80%', label: 'improvement in response time to customers and leads' },
  { value: '15+ hours', label: 'saved per week by teams running our agents' },
] as const;

export const packagePrice = {
  setup: `$${servicesPackage.setupFee}`,
  monthly: `$${servicesPackage.monthlyFeePerAgent}`,
  setupLabel: 'one-time setup',
  monthlyLabel: 'per month per agent',
} as const;

export const supportHours = [
  { days: 'Monday to Friday', short: 'Mon-Fri', hours: '7 PM-11 PM EST' },
  { days: 'Saturday and Sunday', short: 'Weekends', hours: '7 AM-2 PM EST' },
] as const;

export const agentTypes = [
  {
    id: 'sdr',
    name: 'Lead Qualification / SDR Agent',
    summary:
      'Replies to every new inquiry in minutes, asks your qualifying questions, scores the lead and books meetings straight into your calendar.',
    points: ['Instant first response on web, email and chat', 'Your qualification criteria, not generic scoring', 'Hand-off to sales with full context'],
  },
  {
    id: 'support',
    name: 'Customer Support Agent',
    summary:
      'Answers common questions from your own policies and help articles, tracks orders and escalates anything sensitive to a person.',
    points: ['Trained on your documentation', 'Escalation rules you control', 'Conversation summaries for your team'],
  },
  {
    id: 'email',
    name: 'Email Manager Agent',
    summary:
      'Sorts the shared inbox, drafts replies in your tone for approval and follows up on threads that went quiet.',
    points: ['Priority sorting and labels', 'Drafts for review, never surprise sends', 'Follow-up reminders that run themselves'],
  },
  {
    id: 'social',
    name: 'Social Media Agent',
    summary:
      'Plans a content calendar from your updates, drafts posts for each channel and flags comments that need a human answer.',
    points: ['Channel-specific drafts', 'Approval before anything is published', 'Comment and message triage'],
  },
  {
    id: 'website',
    name: 'Website Design Agent',
    summary:
      'Turns your brief into page copy and layouts, keeps landing pages current and suggests improvements from visitor questions.',
    points: ['Copy and structure from your brief', 'Landing pages for each campaign', 'Updates without waiting on a developer'],
  },
  {
    id: 'custom',
    name: 'Custom Solution',
    summary:
      'A repetitive process that does not fit a category? We scope, build and run an agent around exactly how your team works.',
    points: ['Scoped in the discovery phase', 'Connected to the tools you already use', 'Same support and optimization as every agent'],
  },
] as const;

export const approachSteps = [
  {
    title: 'Discovery',
    duration: '3 weeks',
    text: 'A 3-week discovery phase: we map the workflow, the tools it touches and the questions your customers actually ask, and agree on what success looks like in numbers.',
  },
  {
    title: 'Design and build',
    duration: 'Tailored',
    text: 'We configure the agent on your data and connect it to your inbox, CRM, calendar or website. You review its answers before anything goes live.',
  },
  {
    title: 'Optimization',
    duration: '2 weeks',
    text: 'A 2-week optimization phase with the agent live: we read real conversations, tighten its instructions and tune the hand-offs to your team.',
  },
  {
    title: 'Dedicated support',
    duration: 'Ongoing',
    text: 'A dedicated support contact who knows your setup, with evening and weekend hours, so changes and questions never wait on a ticket queue.',
  },
] as const;

export const packageInclusions = [
  '3-week discovery phase with your team',
  'Agent built and trained on your documents and tone',
  'Integrations with your inbox, CRM, calendar or website',
  '2-week optimization phase after launch',
  'Dedicated support contact',
  'Monthly report on conversations, hours saved and response times',
] as const;

export const demoFacts = {
  length: '30-45 minutes',
  reply: 'within 24 hours',
} as const;
