import type { FormEvent } from 'react';

/** A form's onSubmit that keeps the browser from posting the page and runs the screen's own submit instead. */
export function submitHandler(submit: () => void): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    submit();
  };
}
