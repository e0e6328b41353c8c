/**
 * The questions of each app's customization form (issue 40), in the order the prompt uses them. Labels come from
 * the studio's questions (shared/content/prompt-studio/questions.ts); required and optional are marked.
 */
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { changeField, changeSubcategory } from '@shared/content/customization';
import { agentChannels, businessQuestions, contentChannels, emojiUses, readingLevels, studioLabels as L, tonePresets, type BusinessQuestion } from '@shared/content/prompt-studio/questions';
import type { BusinessTypeId } from '@shared/content/catalogue';
import { useAnswer } from './answers-context';
import { CheckAnswers, ChoiceAnswer, RecordList, TextAnswer, TextList } from './controls';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="studio-section" aria-labelledby={`studio-${title.replace(/\W+/g, '-').toLowerCase()}`}>
      <h2 id={`studio-${title.replace(/\W+/g, '-').toLowerCase()}`}>{title}</h2>
      <div className="studio-fields">{children}</div>
    </section>
  );
}

export function ToneFields() {
  return (
    <Section title="Tone and style">
      <ChoiceAnswer path="tone.preset" label={L.tonePreset} options={tonePresets} />
      <ChoiceAnswer path="tone.readingLevel" label={L.readingLevel} options={readingLevels} />
      <ChoiceAnswer path="tone.emoji" label={L.emoji} options={emojiUses} />
      <TextAnswer path="tone.notes" label={L.toneNotes} multiline hint="Anything else about how the agent should sound." />
    </Section>
  );
}

/** The field, business type and product, as the marketplace's selects chose them, with the reset rules they have there. */
function CatalogueChoice() {
  const app = findApp('ai-system-prompt-generator') as MarketplaceApp;
  const { answers, setAt } = useAnswer('fieldId');
  const a = answers as { fieldId: string; subcategoryId: string; productId: string; specifics?: Record<string, string> };
  const current = { fieldId: a.fieldId, subcategoryId: a.subcategoryId, ...(a.productId ? { productId: a.productId } : {}) };
  const apply = (next: { fieldId: string; subcategoryId: string; productId?: string } | undefined) => {
    if (!next) return;
    setAt('fieldId', next.fieldId);
    setAt('subcategoryId', next.subcategoryId);
    setAt('productId', next.productId ?? '');
    // The business type's own questions: answers to questions both types ask are kept.
    const questions = businessQuestions[next.subcategoryId as BusinessTypeId] ?? [];
    setAt('specifics', Object.fromEntries(questions.map((q) => [q.id, a.specifics?.[q.id] ?? ''])));
  };
  const field = app.fieldOptions?.find((f) => f.id === a.fieldId);
  const products = field?.subcategories.find((s) => s.id === a.subcategoryId)?.products ?? [];
  return (
    <Section title="What the agent does">
      <ChoiceAnswer path="fieldId" label={L.fieldId} options={(app.fieldOptions ?? []).map((f) => ({ id: f.id, label: f.name }))} onChoose={(id) => apply(changeField(app, current, id))} />
      <ChoiceAnswer path="subcategoryId" label={L.subcategoryId} options={(field?.subcategories ?? []).map((s) => ({ id: s.id, label: s.name }))} onChoose={(id) => apply(changeSubcategory(app, current, id))} />
      {products.length > 0 ? <ChoiceAnswer path="productId" label={L.productId} options={products.map((p) => ({ id: p.id, label: p.name }))} /> : null}
    </Section>
  );
}

function HandoverFields({ path }: { path: string }) {
  return (
    <>
      <TextAnswer path={`${path}.who`} label={L.handoverWho} required />
      <TextAnswer path={`${path}.channel`} label={L.handoverChannel} required />
      <TextAnswer path={`${path}.hours`} label={L.handoverHours} />
    </>
  );
}

function BusinessQuestions() {
  const { value } = useAnswer('subcategoryId');
  const questions: readonly BusinessQuestion[] = businessQuestions[value as BusinessTypeId] ?? [];
  if (questions.length === 0) return null;
  return (
    <Section title="What your customers ask about">
      {questions.map((q) => (
        <TextAnswer key={q.id} path={`specifics.${q.id}`} label={q.label} required={q.required} hint={`For example: ${q.hint}`} multiline />
      ))}
    </Section>
  );
}

export function AgentFields() {
  return (
    <>
      <CatalogueChoice />
      <Section title="Your business">
        <TextAnswer path="business.name" label={L.businessName} required />
        <TextAnswer path="business.website" label={L.website} hint="For example: yourbusiness.com" />
        <TextAnswer path="business.location" label={L.location} required hint="An address, or the area you serve." />
        <TextAnswer path="business.hours" label={L.hours} required multiline />
        <RecordList path="offerings" label={L.offerings} itemLabel="Service" addLabel="Add a service or product" required fields={[{ key: 'name', label: L.offeringName }, { key: 'price', label: L.offeringPrice }, { key: 'details', label: L.offeringDetails }]} />
      </Section>
      <Section title="Policies the agent quotes">
        <TextAnswer path="policies.cancellation" label={L.cancellation} multiline />
        <TextAnswer path="policies.refunds" label={L.refunds} multiline />
        <TextAnswer path="policies.payment" label={L.payment} multiline />
      </Section>
      <BusinessQuestions />
      <Section title="Hand-over and channels">
        <HandoverFields path="handover" />
        <TextList path="languages" label={L.languages} itemLabel="Language" addLabel="Add a language" required />
        <CheckAnswers path="channels" label={L.channels} options={agentChannels} required />
      </Section>
      <Section title="Do and don't">
        <TextList path="dos" label={L.dos} itemLabel="Always" addLabel="Add something to always do" />
        <TextList path="donts" label={L.donts} itemLabel="Never" addLabel="Add something never to do" />
      </Section>
      <ToneFields />
    </>
  );
}

export function ContentFields() {
  return (
    <>
      <Section title="Your brand">
        <TextAnswer path="brand.name" label={L.brand} required />
        <TextAnswer path="brand.about" label={L.brandAbout} multiline />
        <TextAnswer path="audience" label={L.audience} required multiline />
        <CheckAnswers path="channels" label={L.contentChannels} options={contentChannels} required />
        <TextAnswer path="voice" label={L.voice} required multiline hint="For example: curious, down to earth, a little nerdy." />
        <TextList path="avoidWords" label={L.avoidWords} itemLabel="Word" addLabel="Add a word to avoid" />
        <TextAnswer path="writingSample" label={L.writingSample} multiline />
      </Section>
      <ToneFields />
    </>
  );
}

export function SupportFields() {
  return (
    <>
      <Section title="Your product">
        <TextAnswer path="product.name" label={L.product} required />
        <TextAnswer path="product.about" label={L.productAbout} required multiline />
        <RecordList path="faqs" label={L.faqs} itemLabel="Question" addLabel="Add a question" required fields={[{ key: 'question', label: L.faqQuestion }, { key: 'answer', label: L.faqAnswer, multiline: true }]} />
        <TextAnswer path="policies" label={L.supportPolicies} multiline />
        <RecordList path="tools" label={L.tools} itemLabel="Tool" addLabel="Add a tool" fields={[{ key: 'name', label: L.toolName }, { key: 'use', label: L.toolUse }]} />
      </Section>
      <Section title="Escalation and languages">
        <HandoverFields path="escalation" />
        <TextList path="languages" label={L.languages} itemLabel="Language" addLabel="Add a language" required />
      </Section>
      <ToneFields />
    </>
  );
}
