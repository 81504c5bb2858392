import { useState, type FormEvent } from 'react';
import { msg } from '@portal/shared/messages-it';
import { PublicCallError } from '../api/public-auth.ts';

type PublicForm<T> = {
  check: () => T | undefined;
  setErrors: (errors: Record<string, string>) => void;
};

/**
 * The submit of a public screen's form: checked first, sent once at a time, and its refusal shown. `send` returns the
 * message to show, or undefined when the page is leaving (the button keeps turning while the next one loads).
 * A refusal naming fields puts each message under its field; any other shows its message above the form.
 */
export function usePublicSubmit<T>(form: PublicForm<T>, send: (body: T) => Promise<string | undefined>) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const refused = await send(body);
      if (refused === undefined) return;
      setFailure(refused);
    } catch (error) {
      if (error instanceof PublicCallError && Object.keys(error.fields).length > 0) form.setErrors({ ...error.fields });
      else setFailure(error instanceof PublicCallError ? error.message : msg.erroreInterno);
    }
    setPending(false);
  };

  return { pending, failure, submit };
}
