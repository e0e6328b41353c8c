/**
 * The checkout request's cases (shared/contract/schemas/checkout.ts), for both routes that take it: POST
 * /api/create-payment and, signed in, POST /api/account/payments. Only ids travel and nothing is stored; extra keys
 * (a price, `__proto__`) are dropped unread, since the server prices everything from the catalogue.
 */
import type { RouteDef } from '@shared/contract/api';
import { apiMessages, jsonBodyCases, textFieldCases, type BadCase } from './table';

export const validPayment = { type: 'marketplace', productId: 'ai-customer-support', appName: 'AI Customer Support' };

export function paymentCases(route: RouteDef): BadCase[] {
  const valid = validPayment;
  const refused = (name: string, body: unknown, field: string, fieldMessage?: string): BadCase => ({
    name,
    body,
    status: 400,
    message: fieldMessage === undefined ? apiMessages.fields : undefined,
    field,
    fieldMessage,
  });
  const notAvailable = (name: string, body: unknown, message: string): BadCase => ({ name, body, status: 400, message, field: 'productId', fieldMessage: message });
  return [
    ...jsonBodyCases(route, valid, { unknownKeys: 'ignored', ignoredAnswer: { status: 200, answer: { fallback: true } } }),
    ...textFieldCases(route, { field: 'productId', label: 'Product', set: (productId) => ({ ...valid, productId }), max: 100, message: 'Please choose a product.' }),
    ...textFieldCases(route, { field: 'appName', label: 'App name', set: (appName) => ({ ...valid, appName }), max: 200, message: 'App name must be text.' }),
    refused('an unknown payment type', { ...valid, type: 'donation' }, 'type', 'Unknown payment type.'),
    refused('the payment type as a number', { ...valid, type: 1 }, 'type', 'Unknown payment type.'),
    refused('no product', { type: 'marketplace' }, 'productId', 'Please choose a product.'),
    notAvailable('a product the catalogue does not sell', { ...valid, productId: 'free-everything' }, 'This app is not available.'),
    notAvailable('a product id with a path in it', { ...valid, productId: '../ai-customer-support' }, 'This app is not available.'),
    notAvailable('an app sold as the services package', { ...valid, type: 'services' }, 'This package is not available.'),
    notAvailable('an id in capitals', { ...valid, productId: 'AI-CUSTOMER-SUPPORT' }, 'This app is not available.'),
  ];
}
