/**
 * Updates of the purchases table never create a row by accident: a refund, a subscription change or a failed
 * renewal for a purchase that is not recorded changes nothing (the Stripe handling records the purchase first). Only
 * recording a completed checkout creates one. Against the local DynamoDB stand-in.
 */
import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { assignUser, bindBrowser, changeSubscription, countPromptRetrieval, markRefunded, noteFailedInvoice } from '../../../../lambdas/data/purchases';
import { dynamo } from '../../../../lambdas/lib/dynamo';
import { tableName } from '../../../../lambdas/lib/env';
import { withMemoryDynamo } from '../../../helpers/memory-dynamodb';

withMemoryDynamo();

const now = new Date('2026-11-22T10:00:00.000Z');

describe('an update of a purchase that is not recorded', () => {
  it('creates no row: refund, subscription change, failed renewal, account, browser, prompt count', async () => {
    await expect(markRefunded('cs_missing', 'refund', now)).rejects.toThrow(/conditional/i);
    expect(await changeSubscription('cs_missing', { status: 'cancelled', at: now.getTime() / 1000 })).toBe('unchanged');
    await expect(noteFailedInvoice('cs_missing', 'in_1')).rejects.toThrow(/conditional/i);
    expect(await assignUser('cs_missing', 'user-1')).toBe('other');
    expect(await bindBrowser('cs_missing', 'hash')).toBe('other');
    expect(await countPromptRetrieval('cs_missing', now, 5, 3600)).toBe(false);
    expect((await dynamo().send(new GetCommand({ TableName: tableName('purchases'), Key: { sessionId: 'cs_missing' }, ConsistentRead: true }))).Item).toBeUndefined();
  });
});
