/**
 * Form and Field: every form of the console says what is wrong in the page, in the reader's language.
 * The browser's constraint checks stay the rules (required, email and url types, lengths, ranges,
 * patterns: see control-problem.ts), but never its bubbles, which speak the browser's language, vanish
 * and leave nothing in the page. A submit with an invalid control is refused: the first one is
 * focused, each is marked (`aria-invalid`, described by its message), and the message is shown under
 * it by its `Field`, or, for a control outside any Field, in a list at the top of the form that names
 * it. Once a submit was refused, the messages follow what is typed.
 *
 * A required control's label says so through the stylesheet (`.bp6-form-group:has(:required)`), so a
 * FormGroup needs no flag repeating the control's own `required`.
 */
import { createContext, useCallback, useContext, useId, useLayoutEffect, useRef, useState, type FormHTMLAttributes } from 'react';
import { Callout, FormGroup, Intent, type FormGroupProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { controlName, controlProblem, isCheckedControl, type CheckedControl, type Translate } from './control-problem';

interface Problem {
  control: CheckedControl;
  name: string;
  message: string;
  /** Shown under the control by its Field (else in the list at the top). */
  inField: boolean;
}

interface FormState {
  /** The message of the control with this id, when it has one. */
  problemOf: (controlId: string) => string | undefined;
  /** A Field shows the problems of the control with this id; returns the release. */
  claim: (controlId: string) => () => void;
}

const FormContext = createContext<FormState | null>(null);

const fieldProblemId = (controlId: string) => `${controlId}-problem`;

function problemsOf(form: HTMLFormElement, t: Translate, inField: (controlId: string) => boolean): Problem[] {
  const found: Problem[] = [];
  for (const element of Array.from(form.elements)) {
    if (!isCheckedControl(element)) continue;
    const message = controlProblem(element, t);
    if (message !== undefined) found.push({ control: element, name: controlName(element), message, inField: element.id !== '' && inField(element.id) });
  }
  return found;
}

const sameProblems = (a: readonly Problem[], b: readonly Problem[]) =>
  a.length === b.length &&
  a.every((problem, index) => problem.control === b[index]?.control && problem.message === b[index]?.message && problem.inField === b[index]?.inField);

/** What the control was described by before it was marked, to give it back once it is valid again. */
const describedBefore = new WeakMap<Element, string | null>();

function mark(form: HTMLFormElement, problems: readonly Problem[], messageId: (problem: Problem) => string): void {
  for (const element of Array.from(form.elements)) {
    if (!isCheckedControl(element)) continue;
    const problem = problems.find((found) => found.control === element);
    if (!describedBefore.has(element)) {
      if (!problem) continue;
      describedBefore.set(element, element.getAttribute('aria-describedby'));
    }
    const before = describedBefore.get(element);
    if (problem) {
      element.setAttribute('aria-invalid', 'true');
      element.setAttribute('aria-describedby', [before, messageId(problem)].filter(Boolean).join(' '));
      continue;
    }
    element.removeAttribute('aria-invalid');
    if (before) element.setAttribute('aria-describedby', before);
    else element.removeAttribute('aria-describedby');
    describedBefore.delete(element);
  }
}

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> & {
  /**
   * A submit was refused for the controls' own checks: a screen that checks more (its schema) shows
   * its messages too, so the reader sees everything wrong at once.
   */
  onRefused?: () => void;
};
type SubmitEvent = Parameters<NonNullable<FormProps['onSubmit']>>[0];

/** A `<form>` whose constraint checks speak the reader's language in the page (see the file's comment). */
export function Form({ onSubmit, onRefused, onInput, onChange, children, ...props }: FormProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLFormElement>(null);
  const listId = useId();
  const [refused, setRefused] = useState(false);
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const claimed = useRef(new Map<string, number>());

  const claim = useCallback((controlId: string) => {
    claimed.current.set(controlId, (claimed.current.get(controlId) ?? 0) + 1);
    return () => {
      const count = (claimed.current.get(controlId) ?? 1) - 1;
      if (count > 0) claimed.current.set(controlId, count);
      else claimed.current.delete(controlId);
    };
  }, []);
  const inField = (controlId: string) => claimed.current.has(controlId);
  const listed = problems.filter((problem) => !problem.inField);
  const messageId = (problem: Problem) => (problem.inField ? fieldProblemId(problem.control.id) : `${listId}-${listed.indexOf(problem)}`);

  const recheck = () => {
    if (!refused || !ref.current) return;
    const now = problemsOf(ref.current, t as Translate, inField);
    if (!sameProblems(now, problems)) setProblems(now);
  };
  // After a refused submit, the messages follow the values, whether typed or set by the screen.
  useLayoutEffect(recheck);
  useLayoutEffect(() => {
    if (ref.current) mark(ref.current, problems, messageId);
  });

  const submit = (event: SubmitEvent) => {
    // A form of a dialog opened from this one's tree (a portal) bubbles its submit here in React: not ours.
    if (event.target !== event.currentTarget) return;
    const found = problemsOf(event.currentTarget, t as Translate, inField);
    setRefused(true);
    setProblems(found);
    const [first] = found;
    if (first) {
      event.preventDefault();
      first.control.focus();
      onRefused?.();
      return;
    }
    onSubmit?.(event);
  };

  const state: FormState = {
    problemOf: (controlId) => problems.find((problem) => problem.control.id === controlId)?.message,
    claim,
  };
  return (
    <form
      {...props}
      ref={ref}
      noValidate
      onSubmit={submit}
      onInput={(event) => {
        onInput?.(event);
        recheck();
      }}
      onChange={(event) => {
        onChange?.(event);
        recheck();
      }}
    >
      {listed.length > 0 && (
        <Callout intent={Intent.DANGER} className="p-form-problems" title={t('form.problems', { count: listed.length })}>
          <ul>
            {listed.map((problem, index) => (
              <li key={index} id={`${listId}-${index}`}>
                <a
                  href={`#${problem.control.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    problem.control.focus();
                  }}
                >
                  {problem.name}
                </a>
                {t('form.problemSeparator')}
                {problem.message}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <FormContext.Provider value={state}>{children}</FormContext.Provider>
    </form>
  );
}

/**
 * Blueprint's FormGroup, showing under its control (`labelFor`) what the enclosing Form found wrong
 * with it; outside a Form, or with nothing wrong, it is the FormGroup it wraps.
 */
export function Field({ labelFor, helperText, intent, ...props }: FormGroupProps) {
  const form = useContext(FormContext);
  const claim = form?.claim;
  useLayoutEffect(() => (claim && labelFor ? claim(labelFor) : undefined), [claim, labelFor]);
  const problem = labelFor ? form?.problemOf(labelFor) : undefined;
  return (
    <FormGroup
      {...props}
      labelFor={labelFor}
      intent={problem ? Intent.DANGER : intent}
      helperText={problem && labelFor ? <span id={fieldProblemId(labelFor)}>{problem}</span> : helperText}
    />
  );
}
