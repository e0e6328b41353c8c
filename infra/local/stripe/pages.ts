/**
 * The stand-in's pages, what a buyer sees on Stripe:
 *   /c/pay/:id          the hosted checkout: e-mail, Pay (the stand-in completes the session, then redirects)
 *   /p/session/:id      the customer portal: subscriptions (cancel), invoices, update the card
 *   /p/login/local      the portal's login page (the stage's STRIPE_PORTAL_LOGIN_URL)
 * and the page frame the operator's dashboard (./dashboard.ts) shares.
 */
import type { ServerResponse } from 'node:http';
import { brand } from '@shared/content/brand';
import { escapeHtml } from '../net';
import type { World } from './objects';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:44rem;padding:0 1rem;color:#1a1f36}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccd;padding:.4rem;text-align:left;vertical-align:top}
button{font:inherit;padding:.45rem 1rem;border-radius:6px;border:1px solid #533afd;background:#533afd;color:#fff;cursor:pointer}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;max-width:24rem}
.note{color:#555;font-size:.9rem}form.inline{display:inline}</style></head>
<body><main>${body}</main></body></html>`;
}

export function sendPage(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page(title, body));
}

export const money = (cents: number, currency: string) => (currency === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

export function checkoutPage(res: ServerResponse, world: World, sessionId: string, error?: string): void {
  const s = world.sessions[sessionId];
  if (!s || s.status !== 'open') {
    sendPage(res, s ? 410 : 404, 'Checkout', '<h1>This Checkout Session is no longer active.</h1>');
    return;
  }
  const rows = s._lines
    .map((l) => `<tr><td>${escapeHtml(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}${l.recurring ? ' (billed monthly)' : ''}</td><td>${money(l.unitAmount * l.quantity, s.currency)}</td></tr>`)
    .join('');
  const email = s.customer_email
    ? `<p>Paying as <strong>${escapeHtml(s.customer_email)}</strong></p><input type="hidden" name="email" value="${escapeHtml(s.customer_email)}">`
    : '<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>';
  sendPage(
    res,
    200,
    `Pay ${brand.name}`,
    `<p class="note">Stripe stand-in (local): no real payment is made.</p>
<h1>Pay ${escapeHtml(brand.name)}</h1>
<table><tbody>${rows}</tbody><tfoot><tr><th>Total due today</th><th>${money(s.amount_total, s.currency)}</th></tr></tfoot></table>
<form method="post" action="/c/pay/${encodeURIComponent(s.id)}">${email}
<label for="card">Card information</label><input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<p><button type="submit">${s.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button></p></form>
<p><a href="${escapeHtml(s.cancel_url)}">← Back to ${escapeHtml(brand.name)}</a></p>`,
  );
}

export function portalPage(res: ServerResponse, world: World, portalId: string): void {
  const ps = world.portalSessions[portalId];
  const customer = ps ? world.customers[ps.customer] : undefined;
  if (!ps || !customer) {
    sendPage(res, 404, 'Billing', '<h1>This link has expired.</h1>');
    return;
  }
  const subscriptions = Object.values(world.subscriptions).filter((s) => s.customer === customer.id);
  const invoices = Object.values(world.invoices).filter((i) => i.customer === customer.id);
  const subRows = subscriptions
    .map((s) => {
      const actions =
        s.status === 'canceled'
          ? ''
          : `<form class="inline" method="post" action="/p/session/${ps.id}/cancel"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">Cancel subscription</button></form>` +
            (s.status === 'past_due'
              ? ` <form class="inline" method="post" action="/p/session/${ps.id}/pay"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">Update payment method</button></form>`
              : '');
      return `<tr><td>${escapeHtml(s._plan ?? s.id)}</td><td>${money(s._monthly, s._currency)} per month</td><td>${escapeHtml(s.status === 'canceled' ? 'Cancelled' : s.status === 'past_due' ? 'Past due' : 'Active')}</td><td>${actions}</td></tr>`;
    })
    .join('');
  const invoiceRows = invoices
    .map((i) => `<tr><td>${escapeHtml(i.id)}</td><td>${money(Number(i.amount_due), String(i.currency))}</td><td>${escapeHtml(i.status)}</td></tr>`)
    .join('');
  sendPage(
    res,
    200,
    `${brand.name} billing`,
    `<p class="note">Stripe stand-in (local) customer portal.</p>
<h1>${escapeHtml(brand.name)} billing</h1><p>Signed in as <strong>${escapeHtml(customer.email)}</strong></p>
<h2>Subscriptions</h2><table><thead><tr><th>Plan</th><th>Price</th><th>Status</th><th><span class="note">Actions</span></th></tr></thead><tbody>${subRows || '<tr><td colspan="4">None</td></tr>'}</tbody></table>
<h2>Invoice history</h2><table><thead><tr><th>Invoice</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoiceRows || '<tr><td colspan="3">None</td></tr>'}</tbody></table>
${ps.return_url ? `<p><a href="${escapeHtml(ps.return_url)}">Return to ${escapeHtml(brand.name)}</a></p>` : ''}`,
  );
}

/** The portal's login page: an e-mail address, for which Stripe would mail a one-time link. */
export function portalLoginPage(res: ServerResponse): void {
  sendPage(
    res,
    200,
    `${brand.name} billing`,
    `<p class="note">Stripe stand-in (local) portal login page.</p><h1>${escapeHtml(brand.name)} billing</h1>
<form method="post" action="/p/login/local"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<p><button type="submit">Send me a link</button></p></form>`,
  );
}

/** What the login page answers: Stripe says the same whether or not the address is a customer's; the stand-in shows the link it would mail. */
export function portalLinkSentPage(res: ServerResponse, email: string, link: string | undefined): void {
  sendPage(
    res,
    200,
    'Check your email',
    `<h1>Check your email</h1><p>If ${escapeHtml(email)} belongs to a customer of ${escapeHtml(brand.name)}, we sent a link to the billing portal.</p>` +
      (link ? `<p class="note">Stripe stand-in: the link Stripe would mail is <a href="${escapeHtml(link)}">Open the billing portal</a>.</p>` : ''),
  );
}
