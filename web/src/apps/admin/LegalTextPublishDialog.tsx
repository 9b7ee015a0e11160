import { Input } from '@chakra-ui/react';
import { type AdminLegalTextInput, adminLegalTextSchema } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { staticContentFields } from '@portal/domain/help';
import { messages } from '@portal/domain/messages';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type {
  LegalTextCode as GraphLegalTextCode,
  LegalTextPublishDialogMutation,
} from '../../__generated__/LegalTextPublishDialogMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { AdminDialogForm } from './AdminParts.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';

const labels = fieldLabels(staticContentFields);

const publishMutation = graphql`
  mutation LegalTextPublishDialogMutation($input: AdminPublishLegalTextInput!) {
    adminPublishLegalText(input: $input) {
      legalText {
        id
        version
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export type LegalTextCode = Exclude<GraphLegalTextCode, '%future added value'>;

/** A published version of a legal text. */
export interface PublishedText {
  id: string;
  version: number;
  title: string;
  content: string;
  publishedAt: string;
}

/** The domain's code of a legal text (`cgu`), from the graph's (`CGU`). */
const DOMAIN_CODES = { CGU: 'cgu', MENTIONS_LEGALES: 'mentions-legales' } as const;

interface TextValues {
  code: (typeof DOMAIN_CODES)[LegalTextCode];
  title: string;
  content: string;
}

/**
 * « Publier une nouvelle version » of a legal text: its title and Markdown, beside a preview drawn as users will
 * read it; publishing is confirmed first, for the terms of use saying that every user will accept them again.
 */
export function LegalTextPublishDialog({
  open,
  code,
  current,
  onClose,
}: {
  open: boolean;
  code: LegalTextCode;
  /** The version in force: the new one starts from it. */
  current: PublishedText | null;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} size="xl">
      <PublishForm code={code} current={current} onDone={onClose} />
    </FormDialog>
  );
}

function PublishForm({
  code,
  current,
  onDone,
}: {
  code: LegalTextCode;
  current: PublishedText | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [commit, isPublishing] = useMutation<LegalTextPublishDialogMutation>(publishMutation);
  const [confirming, setConfirming] = useState<AdminLegalTextInput | null>(null);
  const { form, alert, submit, outcome } = useMutationForm<TextValues, AdminLegalTextInput>({
    schema: adminLegalTextSchema,
    defaultValues: { code: DOMAIN_CODES[code], title: current?.title ?? '', content: current?.content ?? '' },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const content = useWatch({ control, name: 'content' });
  const name = t(`admin.legal.codes.${code}`);
  const nextVersion = (current?.version ?? 0) + 1;

  const publish = () => {
    if (!confirming) return;
    const { onCompleted, onError } = outcome<LegalTextPublishDialogMutation['response']>({
      result: ({ adminPublishLegalText }) => ({
        userErrors: adminPublishLegalText.userErrors,
        ok: !!adminPublishLegalText.legalText,
      }),
      success: code === 'CGU' ? messages.adminTermsPublished : t('admin.legal.published'),
      failure: messages.retryLater,
      onSuccess: () => {
        onDone();
        revalidator.revalidate();
      },
    });
    // The confirmation closes on any answer: a refusal is read in the form, under its field.
    commit({
      variables: { input: { code, title: confirming.title, content: confirming.content } },
      onCompleted: (response) => {
        setConfirming(null);
        onCompleted(response);
      },
      onError: (error) => {
        setConfirming(null);
        onError(error);
      },
    });
  };

  return (
    <>
      <AdminDialogForm
        title={t('admin.legal.publishTitle', { name, version: nextVersion })}
        alert={alert}
        onSubmit={submit((text) => setConfirming(text))}
        submitLabel={t('admin.legal.publishSubmit')}
        busy={isPublishing}
      >
        <FormField label={labels.title} error={errors.title?.message} required>
          <Input autoComplete="off" {...register('title')} />
        </FormField>
        <MarkdownEditor
          label={labels.content}
          error={errors.content?.message}
          registration={register('content')}
          value={content}
        />
      </AdminDialogForm>
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin.legal.confirmTitle', { name, version: nextVersion })}
        description={code === 'CGU' ? t('admin.legal.confirmTerms') : t('admin.legal.confirmNotice')}
        confirmLabel={t('admin.legal.publishSubmit')}
        loading={isPublishing}
        onConfirm={publish}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
