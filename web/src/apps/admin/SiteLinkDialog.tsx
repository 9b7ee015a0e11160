import { SimpleGrid } from '@chakra-ui/react';
import { adminSiteLinkDatesSchema, adminSiteLinkFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { parisDate } from '@portal/domain/recurrence';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { SiteLinkDialogCreateMutation } from '../../__generated__/SiteLinkDialogCreateMutation.graphql.ts';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { type AdminChoice, AdminCombobox } from './AdminCombobox.tsx';
import { AdminDialogForm, countChange } from './AdminParts.tsx';

const labels = fieldLabels(adminSiteLinkFields);

const createMutation = graphql`
  mutation SiteLinkDialogCreateMutation($input: AdminCreateSiteLinkInput!, $connections: [ID!]!) {
    adminCreateSiteLink(input: $input) {
      link @prependNode(connections: $connections, edgeTypeName: "AdminSiteLinkEdge") {
        id
        ...AdminLinksPage_link
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface LinkValues {
  producerSite: AdminChoice | null;
  retrieverSite: AdminChoice | null;
  startDate: string;
  endDate: string | null;
}

/** An establishment of each side, picked from a search: the domain's dates rule, with its message, beside. */
const pickedSite = z.number({ error: messages.required }).int().positive();
const linkSchema = z
  .object({ producerSite: pickedSite, retrieverSite: pickedSite })
  .and(adminSiteLinkDatesSchema);

const GRAPH_NAMES = { producerEstablishmentId: 'producerSite', retrieverEstablishmentId: 'retrieverSite' };

/**
 * « Nouveau lien »: a provider's establishment (a retriever's or a carrier's) serving a producer's, from a day
 * (today unless said) and possibly until one; while in force, each sees the other.
 */
export function SiteLinkDialog({
  connectionId,
  open,
  onClose,
}: {
  connectionId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open && connectionId !== null} onClose={onClose}>
      {connectionId && <LinkForm connectionId={connectionId} onDone={onClose} />}
    </FormDialog>
  );
}

function LinkForm({ connectionId, onDone }: { connectionId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [commit, isCreating] = useMutation<SiteLinkDialogCreateMutation>(createMutation);
  const { form, alert, submit, outcome } = useMutationForm<LinkValues>({
    schema: linkSchema,
    toInput: (values) => ({
      ...values,
      producerSite: values.producerSite?.databaseId,
      retrieverSite: values.retrieverSite?.databaseId,
    }),
    rename: GRAPH_NAMES,
    defaultValues: {
      producerSite: null,
      retrieverSite: null,
      startDate: parisDate(new Date()),
      endDate: null,
    },
  });
  const {
    control,
    formState: { errors },
  } = form;

  const onSubmit = submit((_output, values, clientMutationId) => {
    if (!values.producerSite || !values.retrieverSite) return;
    commit({
      variables: {
        input: {
          producerEstablishmentId: values.producerSite.id,
          retrieverEstablishmentId: values.retrieverSite.id,
          startDate: values.startDate,
          endDate: values.endDate || null,
          clientMutationId,
        },
        connections: [connectionId],
      },
      updater: countChange(connectionId, 1),
      ...outcome({
        result: ({ adminCreateSiteLink }) => ({
          userErrors: adminCreateSiteLink.userErrors,
          ok: !!adminCreateSiteLink.link,
        }),
        success: t('admin.links.created'),
        failure: messages.retryLater,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <AdminDialogForm
      title={t('admin.links.create')}
      alert={alert}
      onSubmit={onSubmit}
      submitLabel={t('admin.links.createSubmit')}
      busy={isCreating}
    >
      <Controller
        control={control}
        name="producerSite"
        render={({ field }) => (
          <AdminCombobox
            label={labels.producerSite}
            source={{ kind: 'establishments', typologies: ['PRODUCER'] }}
            value={field.value}
            onChange={field.onChange}
            error={errors.producerSite?.message}
            required
          />
        )}
      />
      <Controller
        control={control}
        name="retrieverSite"
        render={({ field }) => (
          <AdminCombobox
            label={labels.retrieverSite}
            source={{ kind: 'establishments', typologies: ['RETRIEVER', 'CARRIER'] }}
            value={field.value}
            onChange={field.onChange}
            error={errors.retrieverSite?.message}
            helperText={t('admin.links.providerHelp')}
            required
          />
        )}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={labels.startDate} error={errors.startDate?.message} required>
          <FormDateInput control={control} name="startDate" />
        </FormField>
        <FormField
          label={labels.endDate}
          error={errors.endDate?.message}
          helperText={t('admin.links.endDateHelp')}
        >
          <FormDateInput control={control} name="endDate" emptyValue={null} />
        </FormField>
      </SimpleGrid>
    </AdminDialogForm>
  );
}
