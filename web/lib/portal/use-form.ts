import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, firstInvalidField, submitErrorView, validateWith } from './forms.ts';

export interface UseFormOptions<V, S extends z.ZodType> {
  initial: V;
  /** The field names in the order the form shows them (the first invalid one gets the focus). */
  fields: readonly string[];
  schema: S;
  /** The value given to the schema (usually the API body built from the form values). */
  toInput: (values: V) => unknown;
  /** Extra browser-only checks, as field errors. */
  check?: (values: V) => FieldErrors;
  /** Sends the validated body; a rejection maps the server's field problems onto the fields. */
  submit: (data: z.output<S>, values: V) => Promise<unknown>;
}

/**
 * State of a portal form: values as typed, per-field errors, a form-wide error. Validation uses the
 * shared zod schema before sending; on failure (in the browser or from the server) nothing typed is
 * lost, the errors sit beside their fields and the first invalid field gets the focus.
 */
export function useForm<V extends object, S extends z.ZodType>(options: UseFormOptions<V, S>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const focusField = (name: string | undefined) => {
    if (!name) return;
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const setField = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (current[name as string] === undefined) return current;
      const { [name as string]: _removed, ...rest } = current;
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { schema, toInput, check, submit, fields } = optionsRef.current;
    const result = validateWith(schema, toInput(values));
    const extra = check?.(values) ?? {};
    const clientErrors: FieldErrors = { ...(result.ok ? {} : result.errors), ...extra };
    if (!result.ok || Object.keys(extra).length > 0) {
      setErrors(clientErrors);
      setFormError(undefined);
      focusField(firstInvalidField(clientErrors, fields));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await submit(result.data, values);
    } catch (error) {
      const view = submitErrorView(error, fields);
      setErrors(view.fieldErrors);
      setFormError(view.formError);
      focusField(firstInvalidField(view.fieldErrors, fields));
    }
  };

  const reset = (next: V) => {
    setValues(next);
    setErrors({});
    setFormError(undefined);
  };

  return { values, setField, errors, formError, onSubmit, reset, formRef, setValues };
}
