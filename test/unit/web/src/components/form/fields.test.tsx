/** @vitest-environment happy-dom */
/**
 * The shared labelled controls (web/src/components/form) as a screen reader meets them: the label names the
 * control, the hint and the error describe it, and an error marks it invalid. Every form of the site uses them.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, Select, TextArea, TextInput } from '../../../../../../web/src/components/form/fields';

const registration = (name: string): UseFormRegisterReturn => ({ name, onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined });
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

afterEach(cleanup);

describe('shared form fields', () => {
  it('a valid field: named by its label, described by its hint, not marked invalid', () => {
    render(<TextInput id="f-email" label="Email" type="email" hint="We reply here." registration={registration('email')} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(description(input)).toBe('We reply here.');
  });

  it('an invalid field: marked invalid and described by its hint and then its message', () => {
    render(<TextInput id="f-email" label="Email" hint="We reply here." registration={registration('email')} error={{ type: 'format', message: 'Please enter a valid email address.' }} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('We reply here. | Please enter a valid email address.');
    expect(screen.getByText('Please enter a valid email address.').className).toBe('form-error');
  });

  it('puts the hint between label and control only when asked', () => {
    const { container } = render(
      <>
        <TextArea id="above" label="Above" hint="Read first." hintAbove registration={registration('a')} />
        <TextArea id="below" label="Below" hint="Read after." registration={registration('b')} />
      </>,
    );
    const order = (id: string) => [...(container.querySelector(`#${id}`)?.parentElement?.children ?? [])].map((el) => el.tagName.toLowerCase());
    expect(order('above')).toEqual(['label', 'p', 'textarea']);
    expect(order('below')).toEqual(['label', 'textarea', 'p']);
  });

  it('a select takes plain strings or value/label options, after its placeholder', () => {
    render(
      <>
        <Select id="s1" label="Budget" placeholder="Select your budget" options={['Not sure yet', '$10,000 - $25,000']} registration={registration('budget')} />
        <Select id="s2" label="Industry" placeholder="Select your industry" options={[{ value: 'retail', label: 'Retail' }]} registration={registration('industry')} />
      </>,
    );
    const values = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => [o.value, o.text]);
    expect(values('Budget')).toEqual([['', 'Select your budget'], ['Not sure yet', 'Not sure yet'], ['$10,000 - $25,000', '$10,000 - $25,000']]);
    expect(values('Industry')).toEqual([['', 'Select your industry'], ['retail', 'Retail']]);
  });

  it('a checkbox with an error is marked invalid and described by the message', () => {
    render(<Checkbox id="consent" label="I agree" registration={registration('consent')} error={{ type: 'required', message: 'Please accept.' }} />);
    const box = screen.getByLabelText('I agree');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toBe('Please accept.');
  });
});
