/**
 * What is wrong with a form control, in the reader's words, read from the browser's own constraint
 * checks (`required`, `type="email"`/`"url"`, `minLength`, `min`/`max`, `step`, `pattern`): the rules
 * stay in the markup, the sentence comes from `common:validation.*` instead of the browser's bubble,
 * which speaks the browser's language. A `pattern` says what it expects in the control's `title`
 * (written by the screen in the reader's language); a custom validity message is ours already.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export type CheckedControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function isCheckedControl(element: Element): element is CheckedControl {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

const number = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** The control's problem, or undefined when the browser finds it valid (or does not check it). */
export function controlProblem(control: CheckedControl, t: Translate): string | undefined {
  if (!control.willValidate) return undefined;
  const validity = control.validity;
  if (validity.valid) return undefined;
  if (validity.customError) return control.validationMessage;
  const type = control instanceof HTMLInputElement ? control.type : '';
  if (validity.valueMissing) {
    if (type === 'checkbox') return t('common:validation.mustCheck');
    if (control instanceof HTMLSelectElement || type === 'radio') return t('common:validation.choice');
    if (type === 'file') return t('common:validation.fileRequired');
    return t('common:validation.required');
  }
  if (validity.typeMismatch) return t(type === 'email' ? 'common:validation.email' : type === 'url' ? 'common:validation.url' : 'common:validation.format');
  if (validity.badInput) return t('common:validation.number');
  if (control instanceof HTMLSelectElement) return t('common:validation.choice');
  if (validity.tooShort) return t('common:validation.minCharacters', { count: control.minLength });
  if (validity.tooLong) return t('common:validation.maxCharacters', { count: control.maxLength });
  if (control instanceof HTMLInputElement) {
    if (validity.rangeUnderflow) return t('common:validation.atLeast', { value: number(control.min) });
    if (validity.rangeOverflow) return t('common:validation.atMost', { value: number(control.max) });
    if (validity.stepMismatch) return t(control.step === '1' ? 'common:validation.wholeNumber' : 'common:validation.multipleOf', { value: number(control.step) });
    if (validity.patternMismatch) return control.title.trim() || t('common:validation.format');
  }
  return t('common:validation.invalid');
}

/** The name a reader knows the control by: its label, else its accessible label, else its placeholder. */
export function controlName(control: CheckedControl): string {
  const label = control.labels?.[0];
  if (label) {
    // The label without the required mark or help a FormGroup puts in it.
    const copy = label.cloneNode(true) as HTMLElement;
    for (const info of copy.querySelectorAll('.bp6-text-muted')) info.remove();
    const text = copy.textContent?.trim();
    if (text) return text;
  }
  const labelledBy = control.getAttribute('aria-labelledby');
  const byId = labelledBy
    ?.split(/\s+/)
    .map((id) => control.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return control.getAttribute('aria-label')?.trim() || byId || ('placeholder' in control ? control.placeholder : '') || control.name;
}
