/** The prompt studio's answer schemas (issue 40), shared by the form and the API: what is required, and the messages. */
import { describe, expect, it } from 'vitest';
import { businessQuestions } from '@shared/content/prompt-studio/questions';
import { checkAnswers, emptyAnswers, readAnswersFile, studioAppIds } from '@shared/contract/schemas/prompt-studio/answers';
import { agentAnswers, contentAnswers, supportAnswers } from '../../../../../helpers/studio-answers';

describe('prompt studio answers', () => {
  it('accepts whole answers of each app, and refuses another app’s', () => {
    for (const a of [agentAnswers(), contentAnswers(), supportAnswers()]) expect(checkAnswers(a.appId, a)).toEqual({ ok: true, answers: a });
    expect(checkAnswers('ai-content-generator', agentAnswers())).toEqual({ ok: false, errors: { appId: ['These answers are for another app.'] } });
  });

  it('names every required question of an empty form, by the path the form’s input has', () => {
    const errors = (appId: (typeof studioAppIds)[number]) => {
      const r = checkAnswers(appId, emptyAnswers(appId));
      return r.ok ? {} : r.errors;
    };
    expect(Object.keys(errors('ai-system-prompt-generator')).sort()).toEqual(
      ['business.name', 'business.location', 'business.hours', 'offerings', 'handover.who', 'handover.channel', ...businessQuestions['dentistry-offices'].filter((q) => q.required).map((q) => `specifics.${q.id}`)].sort(),
    );
    expect(errors('ai-system-prompt-generator')['specifics.insurance']).toEqual(['Please answer: Accepted insurance plans.']);
    expect(Object.keys(errors('ai-content-generator')).sort()).toEqual(['audience', 'brand.name', 'voice']);
    expect(Object.keys(errors('ai-customer-support')).sort()).toEqual(['escalation.channel', 'escalation.who', 'faqs', 'product.about', 'product.name']);
  });

  it('refuses odd characters and unknown options per field, then choices the catalogue does not have and a question of another business type', () => {
    const fields = checkAnswers('ai-system-prompt-generator', { ...agentAnswers(), languages: ['Eng\u202Elish'], tone: { ...agentAnswers().tone, preset: 'angry' } });
    expect(fields.ok ? {} : fields.errors).toEqual({ 'languages.0': ['Languages contains characters that are not allowed.'], 'tone.preset': ['Please choose a tone.'] });
    // Checks across fields run once each field is right (zod's order): the form shows them on the next try.
    const across = checkAnswers('ai-system-prompt-generator', { ...agentAnswers(), productId: 'reservation-bot', specifics: { ...agentAnswers().specifics, warranty: '1 year' }, channels: ['chat', 'chat'] });
    expect(across.ok ? {} : across.errors).toEqual({
      productId: ['Please choose a product from the list.'],
      'specifics.warranty': ['This question is not asked for this business type.'],
      channels: ['Please choose each channel once.'],
    });
  });

  it('reads an answers file back only for its own app and format', () => {
    const file = (o: object) => JSON.stringify({ format: 'cadence-prompt-studio-answers', formatVersion: 1, appId: 'ai-content-generator', answers: contentAnswers(), ...o });
    expect(readAnswersFile(file({}), 'ai-content-generator')).toEqual({ ok: true, answers: contentAnswers() });
    expect(readAnswersFile('not json', 'ai-content-generator')).toEqual({ ok: false, message: 'This file is not an answers file: it is not JSON.' });
    expect(readAnswersFile(file({ formatVersion: 2 }), 'ai-content-generator')).toEqual({ ok: false, message: 'This answers file was made by a newer version of the site.' });
    expect(readAnswersFile(file({ format: 'x' }), 'ai-content-generator')).toMatchObject({ ok: false });
    expect(readAnswersFile(file({}), 'ai-customer-support')).toEqual({ ok: false, message: 'This answers file is for another app.' });
  });
});
