import { useQuery } from '@tanstack/react-query';
import { NotebookPen, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { BIO_LIMITS, type BioDto, bioFieldsSchema } from '../../../../api/contracts/accounts.ts';
import { buttonClass } from '../../../components/button.ts';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FormAlert, FormField, inputClass } from '../../../components/form-field.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useForm } from '../../../lib/portal/use-form.ts';
import { BIO_FIELDS, type BioValues, bioBody, bioValues, EMPTY_BIO, remaining } from '../form.ts';
import { useCreateBio, useDeleteBio, useUpdateBio } from '../mutations.ts';
import { bioQuery } from '../queries.ts';

export interface BioEditorProps {
  userId: number;
  /** The signed-in person's own bio ('your bio') or someone else's, which an admin edits. */
  isSelf: boolean;
  /** Confirmations after a change ('Your bio was saved.'). */
  onMessage: (message: string) => void;
}

/** The public competitor bio: written when there is none, edited, or deleted after a confirmation. */
export function BioEditor({ userId, isSelf, onMessage }: BioEditorProps) {
  const bio = useQuery(bioQuery(userId));
  const [creating, setCreating] = useState(false);

  if (bio.isPending) return <LoadingState label="Loading the bio" />;
  if (bio.isError)
    return (
      <ErrorState
        title="The bio couldn't be loaded."
        error={bio.error}
        onRetry={() => void bio.refetch()}
        retrying={bio.isFetching}
      />
    );
  if (bio.data === null && !creating) {
    return (
      <EmptyState
        title={isSelf ? "You haven't written a bio yet" : 'No bio yet'}
        icon={<NotebookPen className="size-10 text-slate-400" aria-hidden="true" />}
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
            {isSelf ? 'Write your bio' : 'Write a bio'}
          </button>
        }
      >
        A bio introduces a competitor: a headline, their position, years of service, hometown and a few words about
        them.
      </EmptyState>
    );
  }
  return (
    <BioForm
      key={bio.data?.id ?? 'new'}
      bio={bio.data ?? null}
      userId={userId}
      isSelf={isSelf}
      onMessage={onMessage}
      onCancelCreate={() => setCreating(false)}
      onDeleted={() => setCreating(false)}
    />
  );
}

function BioForm({
  bio,
  userId,
  isSelf,
  onMessage,
  onCancelCreate,
  onDeleted,
}: {
  bio: BioDto | null;
  userId: number;
  isSelf: boolean;
  onMessage: (message: string) => void;
  onCancelCreate: () => void;
  onDeleted: () => void;
}) {
  const create = useCreateBio();
  const update = useUpdateBio();
  const remove = useDeleteBio();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const form = useForm({
    initial: bio ? bioValues(bio) : { ...EMPTY_BIO },
    fields: BIO_FIELDS,
    schema: bioFieldsSchema,
    toInput: bioBody,
    submit: async (body) => {
      if (bio) {
        const next = await update.mutateAsync({ id: bio.id, body });
        form.reset(bioValues(next));
      } else {
        await create.mutateAsync(isSelf ? body : { ...body, userId });
      }
      onMessage(isSelf ? 'Your bio was saved.' : 'The bio was saved.');
    },
  });
  const { values, errors, setField } = form;
  const pending = create.isPending || update.isPending;

  const counter = (field: 'headline' | 'about') => {
    const { used, max, over } = remaining(values[field], field);
    return (
      <span
        className={`text-xs ${over ? 'font-semibold text-brand-700' : 'text-slate-500'}`}
        aria-live={over ? 'polite' : 'off'}
      >
        {used} / {max}
      </span>
    );
  };

  const text = (name: keyof BioValues, label: string, autoComplete?: string) => (
    <FormField label={label} name={name} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete={autoComplete ?? 'off'}
          value={values[name]}
          onChange={(e) => setField(name, e.target.value)}
          className={inputClass(!!errors[name])}
        />
      )}
    </FormField>
  );

  const onDelete = async () => {
    if (!bio) return;
    setDeleteError(undefined);
    try {
      await remove.mutateAsync({ id: bio.id, userId: bio.userId });
      setConfirmDelete(false);
      onDeleted();
      onMessage(isSelf ? 'Your bio was deleted.' : 'The bio was deleted.');
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : 'The bio could not be deleted.');
    }
  };

  return (
    <>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert message={form.formError} />
        <FormField
          label="Headline"
          name="headline"
          error={errors.headline}
          aside={counter('headline')}
          hint="One line, e.g. 'Captain, three-time national finalist'."
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={values.headline}
              onChange={(e) => setField('headline', e.target.value)}
              className={inputClass(!!errors.headline)}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('position', 'Position', 'organization-title')}
          <FormField label="Years of service" name="yearsOfService" error={errors.yearsOfService}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={BIO_LIMITS.yearsOfService}
                step={1}
                value={values.yearsOfService}
                onChange={(e) => setField('yearsOfService', e.target.value)}
                className={inputClass(!!errors.yearsOfService)}
              />
            )}
          </FormField>
          {text('hometown', 'Hometown', 'address-level2')}
        </div>
        <FormField label="About" name="about" error={errors.about} aside={counter('about')}>
          {(control) => (
            <textarea
              {...control}
              rows={6}
              value={values.about}
              onChange={(e) => setField('about', e.target.value)}
              className={inputClass(!!errors.about)}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            {bio ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => setConfirmDelete(true)}
                disabled={pending}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete bio
              </button>
            ) : (
              <button type="button" className={buttonClass('ghost')} onClick={onCancelCreate} disabled={pending}>
                Cancel
              </button>
            )}
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={pending} aria-busy={pending}>
            <Save aria-hidden="true" className="size-4" />
            {pending ? 'Saving…' : bio ? 'Save bio' : 'Create bio'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this bio?"
        confirmLabel="Delete bio"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => void onDelete()}
        onCancel={() => {
          setConfirmDelete(false);
          setDeleteError(undefined);
        }}
      >
        The headline, the text and the profile photo are removed for good.{' '}
        {isSelf ? 'You can write a new bio at any time.' : ''}
      </ConfirmDialog>
    </>
  );
}
