import { Input, SimpleGrid } from '@chakra-ui/react';
import { adminSkipTypeSchema } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { skipTypeFields } from '@portal/domain/skip-types';
import { SKIP_UNITS, skipUnitLabels } from '@portal/domain/skips';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { z } from 'zod';
import type { SkipTypeDialogMutation } from '../../__generated__/SkipTypeDialogMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { type FormValues, formValuesOf } from '../../forms/fieldTable.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { AdminDialogForm, joinRootList, ReferenceKeyField, referenceInput } from './AdminParts.tsx';

const labels = fieldLabels(skipTypeFields);

const saveMutation = graphql`
  mutation SkipTypeDialogMutation($input: AdminSaveSkipTypeInput!) {
    adminSaveSkipType(input: $input) {
      skipType {
        id
        ...SkipTypesTab_skipType
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A container type as its form edits it. */
export interface EditedSkipType {
  id: string;
  code: string;
  label: string;
  category: string;
  volume: string;
  unit: string;
}

/** A new container type, or one of the catalogue; `categories` are the catalogue's, offered as it is typed. */
export type SkipTypeTarget =
  | { kind: 'create'; categories: readonly string[] }
  | { kind: 'edit'; skipType: EditedSkipType; categories: readonly string[] };

const FIELDS = ['code', 'label', 'category', 'volume', 'unit'] as const;
type SkipTypeValues = FormValues<typeof skipTypeFields, (typeof FIELDS)[number]>;
type SkipTypeInput = z.output<typeof adminSkipTypeSchema>;

const NEW_SKIP_TYPE = { code: '', label: '', category: '', volume: '', unit: '' };

/**
 * « Nouveau type de contenant » and a container type's « Modifier »: its code (set once), label, category,
 * volume and unit.
 */
export function SkipTypeDialog({ target, onClose }: { target: SkipTypeTarget | null; onClose: () => void }) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && <SkipTypeForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function SkipTypeForm({ target, onDone }: { target: SkipTypeTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const categoriesId = useId();
  const [commit, isSaving] = useMutation<SkipTypeDialogMutation>(saveMutation);
  const editing = target.kind === 'edit' ? target.skipType : null;
  const { form, alert, submit, outcome } = useMutationForm<SkipTypeValues, SkipTypeInput>({
    schema: adminSkipTypeSchema,
    requireChange: editing !== null,
    defaultValues: editing ? formValuesOf(skipTypeFields, FIELDS, editing) : NEW_SKIP_TYPE,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit(({ code, ...fields }, _values, clientMutationId) => {
    commit({
      variables: { input: referenceInput(editing, { code }, fields, clientMutationId) },
      updater: joinRootList('skipTypes', 'adminSaveSkipType', 'skipType'),
      ...outcome({
        result: ({ adminSaveSkipType }) => ({
          userErrors: adminSaveSkipType.userErrors,
          ok: !!adminSaveSkipType.skipType,
        }),
        success: editing ? messages.adminSaved : t('admin.references.skipTypes.created'),
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={
        editing
          ? t('admin.references.skipTypes.editTitle', { label: editing.label })
          : t('admin.references.skipTypes.create')
      }
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.references.skipTypes.createSubmit')}
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
        label={labels.category}
        error={errors.category?.message}
        helperText={t('admin.references.skipTypes.categoryHelp')}
        required
      >
        <Input autoComplete="off" list={categoriesId} {...register('category')} />
      </FormField>
      <datalist id={categoriesId}>
        {target.categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label={labels.volume}
          error={errors.volume?.message}
          helperText={t('admin.references.skipTypes.volumeHelp')}
          required
        >
          <Input inputMode="decimal" autoComplete="off" {...register('volume')} />
        </FormField>
        <FormField label={labels.unit} error={errors.unit?.message} required>
          <SelectInput
            registration={register('unit')}
            placeholder={t('admin.references.skipTypes.chooseUnit')}
          >
            {SKIP_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {skipUnitLabels[unit]}
              </option>
            ))}
          </SelectInput>
        </FormField>
      </SimpleGrid>
    </AdminDialogForm>
  );
}
