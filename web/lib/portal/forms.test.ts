import { describe, expect, it } from 'vitest';
import { departmentBodySchema, MESSAGES, userUpdateBodySchema } from '../../../api/contracts/accounts.ts';
import { AppError } from '../errors.ts';
import {
  apiFieldErrors,
  blankToNull,
  fieldNameOf,
  firstInvalidField,
  submitErrorView,
  validateWith,
  wholeNumberOrNull,
  zodFieldErrors,
} from './forms.ts';

const apiError = (details: unknown, message = 'Invalid request: body.firstName First name is required', status = 400) =>
  new AppError({
    message,
    type: status === 409 ? 'conflict' : 'bad_request',
    severity: 'error',
    status,
    data: { statusCode: status, error: 'Bad Request', message, code: 'VALIDATION_FAILED', details, requestId: 'r1' },
  });

describe('fieldNameOf', () => {
  it('strips the request part the server puts in front', () => {
    expect(fieldNameOf('body.firstName')).toBe('firstName');
    expect(fieldNameOf('querystring.page')).toBe('page');
    expect(fieldNameOf('email')).toBe('email');
    expect(fieldNameOf(['address', 0])).toBe('address');
    expect(fieldNameOf('body')).toBe('');
  });
});

describe('validateWith and zodFieldErrors', () => {
  it('gives the shared schema messages, one per field', () => {
    const result = validateWith(userUpdateBodySchema, {
      firstName: '  ',
      lastName: '',
      departmentId: null,
      dateOfBirth: null,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ firstName: MESSAGES.firstNameRequired, lastName: MESSAGES.lastNameRequired });
  });

  it('returns the parsed data when valid', () => {
    const result = validateWith(userUpdateBodySchema, {
      firstName: ' Alex ',
      lastName: 'Morgan',
      departmentId: 3,
      dateOfBirth: '1990-05-31',
    });
    expect(result).toEqual({
      ok: true,
      data: { firstName: 'Alex', lastName: 'Morgan', departmentId: 3, dateOfBirth: '1990-05-31' },
    });
  });

  it('keeps the first message of a field', () => {
    expect(
      zodFieldErrors([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'form-wide' },
      ]),
    ).toEqual({ email: 'first', '': 'form-wide' });
  });

  it('reports the department rules with their messages', () => {
    const result = validateWith(departmentBodySchema, {
      name: '',
      city: 'Calgary',
      province: 'XX',
      website: 'ftp://x',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Name is required');
    expect(result.errors.province).toMatch(/^Province must be one of AB, BC/);
    expect(result.errors.website).toBe('Website must be an http:// or https:// address');
  });
});

describe('apiFieldErrors', () => {
  it('maps the envelope details onto the form fields', () => {
    const error = apiError([
      { field: 'body.firstName', message: 'First name is required' },
      { field: 'body.email', message: 'That e-mail is already in use' },
      { field: 'body.email', message: 'ignored second message' },
    ]);
    expect(apiFieldErrors(error)).toEqual({
      firstName: 'First name is required',
      email: 'That e-mail is already in use',
    });
  });

  it('ignores anything that is not a field problem', () => {
    expect(apiFieldErrors(apiError(undefined))).toEqual({});
    expect(apiFieldErrors(apiError('text'))).toEqual({});
    expect(
      apiFieldErrors(apiError([{ field: 1, message: 'x' }, null, { field: 'body', message: 'whole body' }])),
    ).toEqual({});
    expect(apiFieldErrors(new Error('plain'))).toEqual({});
  });
});

describe('submitErrorView', () => {
  const fields = ['firstName', 'lastName', 'email'];

  it('puts field problems beside their fields and asks to correct them', () => {
    const view = submitErrorView(
      apiError([{ field: 'body.email', message: 'Please enter a valid email address' }]),
      fields,
    );
    expect(view.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    expect(view.formError).toBe('Please correct the highlighted fields.');
  });

  it("shows the server's message when some problem has no field in the form", () => {
    const view = submitErrorView(
      apiError([{ field: 'body.role', message: 'Role must be admin or super-admin' }], 'Invalid request'),
      fields,
    );
    expect(view.fieldErrors).toEqual({});
    expect(view.formError).toBe('Invalid request');
  });

  it("shows the server's message for errors without details (a 409, a network failure)", () => {
    const view = submitErrorView(apiError(undefined, 'A department with this name already exists', 409), fields);
    expect(view).toEqual({ fieldErrors: {}, formError: 'A department with this name already exists' });
    expect(submitErrorView('weird', fields).formError).toBe('Something went wrong. Please try again.');
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form, not of the errors', () => {
    expect(firstInvalidField({ email: 'x', firstName: 'y' }, ['firstName', 'lastName', 'email'])).toBe('firstName');
    expect(firstInvalidField({ other: 'x' }, ['firstName'])).toBe('other');
    expect(firstInvalidField({}, ['firstName'])).toBeUndefined();
  });
});

describe('text helpers', () => {
  it('turns blank text into null', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(' Calgary ')).toBe('Calgary');
  });

  it('reads whole numbers, leaving the schema to refuse anything else', () => {
    expect(wholeNumberOrNull('')).toBeNull();
    expect(wholeNumberOrNull(' 12 ')).toBe(12);
    expect(wholeNumberOrNull('-1')).toBe(-1);
    expect(wholeNumberOrNull('1.5')).toBeNaN();
    expect(wholeNumberOrNull('ten')).toBeNaN();
  });
});
