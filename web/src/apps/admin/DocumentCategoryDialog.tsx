import { Input } from '@chakra-ui/react';
import { adminDocumentCategorySchema } from '@portal/domain/admin';
import { documentCategoryFields } from '@portal/domain/documents';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { z } from 'zod';
import type { DocumentCategoryDialogMutation } from '../../__generated__/DocumentCategoryDialogMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { type FormValues, formValuesOf } from '../../forms/fieldTable.ts';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { AdminDialogForm, joinRootList, ReferenceKeyField, referenceInput } from './AdminParts.tsx';

const labels = fieldLabels(documentCategoryFields);

const saveMutation = graphql`
  mutation DocumentCategoryDialogMutation($input: AdminSaveDocumentCategoryInput!) {
    adminSaveDocumentCategory(input: $input) {
      category {
        id
        ...DocumentCategoriesTab_category
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A category as its form edits it. */
export interface EditedCategory {
  id: string;
  code: string;
  label: string;
  position: number;
}

/** A new category (placed at `nextPosition` unless said), or one of the list. */
export type DocumentCategoryTarget =
  | { kind: 'create'; nextPosition: number }
  | { kind: 'edit'; category: EditedCategory };

const FIELDS = ['code', 'label', 'position'] as const;
type CategoryValues = FormValues<typeof documentCategoryFields, (typeof FIELDS)[number]>;
type CategoryInput = z.output<typeof adminDocumentCategorySchema>;

/** « Nouvelle catégorie » and a category's « Modifier »: its code (set once), label and position. */
export function DocumentCategoryDialog({
  target,
  onClose,
}: {
  target: DocumentCategoryTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="md">
      {target && <CategoryForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function CategoryForm({ target, onDone }: { target: DocumentCategoryTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commit, isSaving] = useMutation<DocumentCategoryDialogMutation>(saveMutation);
  const editing = target.kind === 'edit' ? target.category : null;
  const { form, alert, submit, outcome } = useMutationForm<CategoryValues, CategoryInput>({
    schema: adminDocumentCategorySchema,
    requireChange: editing !== null,
    defaultValues: formValuesOf(
      documentCategoryFields,
      FIELDS,
      target.kind === 'edit' ? target.category : { code: '', label: '', position: target.nextPosition },
    ),
    // The position is typed as text; the schema counts it.
    toInput: (values) => ({ ...values, position: numberOf(values.position) }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit((category, _values, clientMutationId) => {
    const fields = { label: category.label, position: category.position };
    commit({
      variables: { input: referenceInput(editing, { code: category.code }, fields, clientMutationId) },
      updater: joinRootList('documentCategories', 'adminSaveDocumentCategory', 'category'),
      ...outcome({
        result: ({ adminSaveDocumentCategory }) => ({
          userErrors: adminSaveDocumentCategory.userErrors,
          ok: !!adminSaveDocumentCategory.category,
        }),
        success: editing ? messages.adminSaved : t('admin.references.categories.created'),
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={
        editing
          ? t('admin.references.categories.editTitle', { label: editing.label })
          : t('admin.references.categories.create')
      }
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.references.categories.createSubmit')}
      busy={isSaving}
    >
      <ReferenceKeyField
        kind="code"
        label={labels.code}
        error={errors.code?.message}
        editing={editing !== null}
        registration={register('code')}
      />
      <FormField label={labels.label} error={errors.label?.message} required>
        <Input autoComplete="off" {...register('label')} />
      </FormField>
      <FormField
        label={labels.position}
        error={errors.position?.message}
        helperText={t('admin.references.categories.positionHelp')}
        required
      >
        <Input inputMode="numeric" autoComplete="off" maxW="32" {...register('position')} />
      </FormField>
    </AdminDialogForm>
  );
}

/** A typed whole number; anything else is left for the schema to refuse. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
