import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@shared/contract/schemas/checkout';
import { textRuleTests } from '../../../../helpers/field-rules';

const validPayment = { type: 'marketplace', productId: 'ai-agent-prompt', appName: 'AI System Prompt Generator' };

describe('the character rules on the checkout request (shared/contract/schemas/fields.ts)', () => {
  textRuleTests(checkoutRequestSchema, validPayment, [
    { key: 'productId', label: 'Product' },
    { key: 'appName', label: 'App name' },
  ]);

  it('keeps its own message for a missing product', () => {
    expect(checkoutRequestSchema.safeParse({ ...validPayment, productId: ' ' }).error?.issues.map((i) => i.message)).toEqual(['Please choose a product.']);
  });
});
