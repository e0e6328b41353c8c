/**
 * /staff/people: "what do you hold about me, and please delete it". Given an e-mail address: every submission,
 * file, account and profile that holds it; exported as one JSON file; erased on confirmation.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { personQuerySchema } from '@shared/contract/schemas/staff-console';
import type { ErasureAnswer } from '@shared/contract/staff-console';
import { fieldBinder } from '../../../components/form/field-binder';
import { TextInput } from '../../../components/form/fields';
import { toastMessage } from '../../../lib/api';
import { usePerson } from '../api/find-person';
import { ErasureReport, PersonPanel } from '../components/PersonPanel';
import { StaffNav } from '../components/StaffNav';
import '../staff.css';

export function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const asked = personQuerySchema.safeParse({ email: params.get('email') ?? '' });
  const email = asked.success ? asked.data.email : undefined;
  const person = usePerson(email);
  const [erased, setErased] = useState<{ email: string; answer: ErasureAnswer } | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({ values: { email: email ?? '' } });
  const field = fieldBinder(register, formState.errors);
  // Held for the erasure's answer: erasing drops every staff read, this one included.
  const shown = person.data;

  const find = handleSubmit((values) => {
    const parsed = personQuerySchema.safeParse(values);
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address.' });
      return;
    }
    setErased(undefined);
    setParams({ email: parsed.data.email });
  });

  return (
    <main id="main" className="container page staff-page">
      <StaffNav />
      <h1>A person&apos;s data</h1>
      <p>Find everything the site holds under an e-mail address, export it for the person, or erase it when they ask.</p>
      <form className="staff-inline-form" onSubmit={(e) => void find(e)} aria-label="Find a person" noValidate>
        <TextInput id="person-email" label="E-mail address" type="email" autoComplete="off" {...field('email')} />
        <button type="submit" className="button button-primary">
          Find
        </button>
      </form>
      {erased ? <ErasureReport email={erased.email} answer={erased.answer} /> : null}
      {!erased && email && person.isPending ? <output>Loading...</output> : null}
      {!erased && person.isError ? <p role="alert">{toastMessage(person.error, 'The search failed. Please try again.')}</p> : null}
      {!erased && shown ? <PersonPanel key={shown.email} person={shown} onErased={(answer) => setErased({ email: shown.email, answer })} /> : null}
    </main>
  );
}
