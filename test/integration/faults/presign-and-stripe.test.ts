/**
 * Services a request depends on, unreachable:
 * - POST /api/uploads: presigning is a signature made in the function (SigV4), with no call to S3, so S3 itself
 *   being unreachable does not stop it (the browser's upload then fails and the form says so). What presigning
 *   does need is the function's AWS credentials: when they cannot be had, the visitor gets a clear 503.
 * - POST /api/create-payment with Stripe's API unreachable: the fallback checkout, as for a Stripe error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handler as createPayment } from '../../../lambdas/handlers/create-payment';
import { handler as uploads } from '../../../lambdas/handlers/uploads';
import { routes } from '@shared/contract/api';
import { call } from '../../helpers/http-event';
import { closedPortUrl, setEnv } from './support';

const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

const uploadRequest = { form: 'demoRequest', files: [{ name: 'brief.pdf', type: 'application/pdf', size: 2048 }] };

describe('POST /api/uploads', () => {
  it('presigns with S3 unreachable: the signature needs no call to S3', async () => {
    restores.push(setEnv({ AWS_ENDPOINT_URL_S3: await closedPortUrl() }));
    const res = await call(uploads, routes.createUploads, uploadRequest);
    expect(res.status).toBe(200);
  });

  it('answers a clear 503 "please try again" when the credentials to sign with cannot be had', async () => {
    restores.push(
      setEnv({
        AWS_ACCESS_KEY_ID: undefined,
        AWS_SECRET_ACCESS_KEY: undefined,
        AWS_PROFILE: 'no-such-profile',
        AWS_CONFIG_FILE: '/nonexistent/aws-config',
        AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws-credentials',
        AWS_EC2_METADATA_DISABLED: 'true',
      }),
    );
    const res = await call(uploads, routes.createUploads, uploadRequest);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/please try again/i);
  });
});

describe('POST /api/create-payment with Stripe unreachable', () => {
  it('answers the fallback checkout', async () => {
    restores.push(setEnv({ STRIPE_SECRET_KEY: 'sk_test_faults', STRIPE_API_URL: await closedPortUrl() }));
    expect(await call(createPayment, routes.createPayment, { type: 'services', productId: 'ai-agent' })).toEqual({
      status: 200,
      body: { url: '/quick-checkout?product=ai-agent&fallback=true', fallback: true },
    });
  });
});
