import { Input, Text, Textarea } from '@chakra-ui/react';
import { adminHelpPageSchema } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { helpContentFields } from '@portal/domain/help';
import { messages } from '@portal/domain/messages';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import type { z } from 'zod';
import type { HelpPageDialogMutation } from '../../__generated__/HelpPageDialogMutation.graphql.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { AdminDialogForm, joinRootList, ReferenceKeyField, referenceInput } from './AdminParts.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';

const labels = fieldLabels(helpContentFields);

const saveMutation = graphql`
  mutation HelpPageDialogMutation($input: AdminSaveHelpPageInput!) {
    adminSaveHelpPage(input: $input) {
      page {
        id
        ...HelpPagesTab_page
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A help page as its form edits it. */
export interface EditedHelpPage {
  id: string;
  path: string;
  title: string;
  summary: string;
  content: string;
}

/** A new help page (placed at the end of the guide), or one of the guide. */
export type HelpPageTarget = { kind: 'create' } | { kind: 'edit'; page: EditedHelpPage };

type HelpPageValues = Omit<EditedHelpPage, 'id'>;
type HelpPageInput = z.output<typeof adminHelpPageSchema>;

/**
 * « Nouvelle page d'aide » and a page's « Modifier »: its address (set once), title, summary and Markdown, beside
 * a preview drawn as users will read it. A page saved here keeps its text when the portal restarts.
 */
export function HelpPageDialog({ target, onClose }: { target: HelpPageTarget | null; onClose: () => void }) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="xl">
      {target && <HelpPageForm target={target} onDone={onClose} />}
    </FormDialog>
  );
}

function HelpPageForm({ target, onDone }: { target: HelpPageTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commit, isSaving] = useMutation<HelpPageDialogMutation>(saveMutation);
  const editing = target.kind === 'edit' ? target.page : null;
  const { form, alert, submit, outcome } = useMutationForm<HelpPageValues, HelpPageInput>({
    schema: adminHelpPageSchema,
    requireChange: editing !== null,
    defaultValues: {
      path: editing?.path ?? '',
      title: editing?.title ?? '',
      summary: editing?.summary ?? '',
      content: editing?.content ?? '',
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const content = useWatch({ control, name: 'content' });

  const onSubmit = submit(({ path, ...fields }, _values, clientMutationId) => {
    commit({
      variables: { input: referenceInput(editing, { path }, fields, clientMutationId) },
      updater: joinRootList('helpPages', 'adminSaveHelpPage', 'page'),
      ...outcome({
        result: ({ adminSaveHelpPage }) => ({
          userErrors: adminSaveHelpPage.userErrors,
          ok: !!adminSaveHelpPage.page,
        }),
        success: editing ? messages.adminSaved : t('admin.references.helpPages.created'),
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={
        editing
          ? t('admin.references.helpPages.editTitle', { title: editing.title })
          : t('admin.references.helpPages.create')
      }
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={editing ? t('admin.save') : t('admin.references.helpPages.createSubmit')}
      busy={isSaving}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('admin.references.helpPages.kept')}
      </Text>
      <ReferenceKeyField
        kind="path"
        label={labels.path}
        error={errors.path?.message}
        editing={editing !== null}
        registration={register('path')}
      />
      <FormField label={labels.title} error={errors.title?.message} required>
        <Input autoComplete="off" {...register('title')} />
      </FormField>
      <FormField label={labels.summary} error={errors.summary?.message} required>
        <Textarea rows={2} autoresize {...register('summary')} />
      </FormField>
      <MarkdownEditor
        label={labels.content}
        error={errors.content?.message}
        registration={register('content')}
        value={content}
        hint={t('admin.references.helpPages.linksHelp')}
      />
    </AdminDialogForm>
  );
}
