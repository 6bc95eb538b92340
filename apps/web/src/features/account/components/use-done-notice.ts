import { useState, type FormEvent } from 'react';

type Submit = (event: FormEvent<HTMLFormElement>) => Promise<void>;

/** The "it worked" notice of a form that stays open after saving (security centre cards). */
export function useDoneNotice() {
  const [done, setDone] = useState(false);
  return {
    done,
    markDone: () => setDone(true),
    // A new attempt no longer confirms the last one, whether or not it passes the checks.
    onSubmitOf: (submit: Submit) => (event: FormEvent<HTMLFormElement>) => {
      setDone(false);
      void submit(event);
    },
  };
}
