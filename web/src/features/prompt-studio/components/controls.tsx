/**
 * The studio form's controls, each bound to one answer by its path: texts, choices, check boxes and lists. They use
 * the site's labelled field (components/form/fields.tsx: hint and error wired to the control) and mark required
 * questions in the label, so a screen reader says so too.
 */
import type { FieldError } from 'react-hook-form';
import { ErrorText, Field } from '../../../components/form/fields';
import { idOf, useAnswer } from './answers-context';

const labelOf = (label: string, required: boolean | undefined) => (required ? `${label} (required)` : `${label} (optional)`);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function TextAnswer({ path, label, required, hint, multiline, wide }: { path: string; label: string; required?: boolean; hint?: string; multiline?: boolean; wide?: boolean }) {
  const { value, set, error } = useAnswer(path);
  const id = idOf(path);
  return (
    <Field id={id} label={labelOf(label, required)} hint={hint} error={error as FieldError | undefined} wide={wide ?? multiline}>
      {(aria) =>
        multiline ? (
          <textarea id={id} name={path} rows={3} value={text(value)} onChange={(e) => set(e.target.value)} aria-required={required} {...aria} />
        ) : (
          <input id={id} name={path} type="text" value={text(value)} onChange={(e) => set(e.target.value)} aria-required={required} {...aria} />
        )
      }
    </Field>
  );
}

export function ChoiceAnswer({ path, label, options, onChoose }: { path: string; label: string; options: readonly { id: string; label: string }[]; onChoose?: (id: string) => void }) {
  const { value, set, error } = useAnswer(path);
  const id = idOf(path);
  return (
    <Field id={id} label={label} error={error as FieldError | undefined}>
      {(aria) => (
        <select id={id} name={path} value={text(value)} onChange={(e) => (onChoose ? onChoose(e.target.value) : set(e.target.value))} {...aria}>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckAnswers({ path, label, options, required }: { path: string; label: string; options: readonly { id: string; label: string }[]; required?: boolean }) {
  const { value, set, error } = useAnswer(path);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const id = idOf(path);
  return (
    <fieldset className="form-group form-field-wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{labelOf(label, required)}</legend>
      <div className="form-group-options">
        {options.map((o) => (
          <div className="form-check" key={o.id}>
            <input
              id={`${id}-${o.id}`}
              type="checkbox"
              checked={chosen.includes(o.id)}
              onChange={(e) => set(e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))}
            />
            <label htmlFor={`${id}-${o.id}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}

/** A list of one-line answers (languages, do and don't), one row each, with Add and Remove. */
export function TextList({ path, label, itemLabel, addLabel, required }: { path: string; label: string; itemLabel: string; addLabel: string; required?: boolean }) {
  const { value, set, error } = useAnswer(path);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const id = idOf(path);
  return (
    <fieldset className="form-group form-field-wide studio-list">
      <legend>{labelOf(label, required)}</legend>
      {items.map((_, i) => (
        <div className="studio-list-row" key={i}>
          <TextAnswer path={`${path}.${i}`} label={`${itemLabel} ${i + 1}`} required={required && i === 0} />
          <button type="button" className="button button-secondary" onClick={() => set(items.filter((__, j) => j !== i))}>
            Remove {itemLabel.toLowerCase()} {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button-secondary" onClick={() => set([...items, ''])}>
        {addLabel}
      </button>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}

/** A list of small records (a service with its price, a question with its answer), one group each. */
export function RecordList({
  path,
  label,
  itemLabel,
  addLabel,
  required,
  fields,
}: {
  path: string;
  label: string;
  itemLabel: string;
  addLabel: string;
  required?: boolean;
  fields: readonly { key: string; label: string; multiline?: boolean }[];
}) {
  const { value, set, error } = useAnswer(path);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const id = idOf(path);
  const empty = Object.fromEntries(fields.map((f) => [f.key, '']));
  return (
    <fieldset className="form-group form-field-wide studio-list">
      <legend>{labelOf(label, required)}</legend>
      {items.map((_, i) => (
        <fieldset className="studio-record" key={i}>
          <legend>
            {itemLabel} {i + 1}
          </legend>
          {fields.map((f) => (
            <TextAnswer key={f.key} path={`${path}.${i}.${f.key}`} label={`${f.label} (${itemLabel.toLowerCase()} ${i + 1})`} multiline={f.multiline ?? false} />
          ))}
          <button type="button" className="button button-secondary" onClick={() => set(items.filter((__, j) => j !== i))}>
            Remove {itemLabel.toLowerCase()} {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button-secondary" onClick={() => set([...items, empty])}>
        {addLabel}
      </button>
      <ErrorText id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}
