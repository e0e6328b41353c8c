/** The webhook helper: the one way web code hands data to the agency's automation webhooks. */
export { fileToUploadItem, sendToAutomationWebhook, webhookToasts, type SendToWebhookInput } from './send-to-webhook';
