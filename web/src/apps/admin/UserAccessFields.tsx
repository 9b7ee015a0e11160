import { Checkbox, Fieldset, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { UserAccessFieldsChantiersQuery } from '../../__generated__/UserAccessFieldsChantiersQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { Bone } from '../../components/Skeletons.tsx';
import { type AdminChoice, type AdminChoiceSource, AdminCombobox } from './AdminCombobox.tsx';

/** A chantier a user is attached to: its id, and 'company > establishment > chantier'. */
export interface ChantierChoice {
  databaseId: number;
  label: string;
}

/** What the access fields hold, under the names of the domain's user schema (its messages land under them). */
export interface AccessValues {
  companies: AdminChoice[];
  companySites: AdminChoice[];
  entities: ChantierChoice[];
}

type AccessErrors = Partial<Record<keyof AccessValues, string | undefined>>;

const chantiersQuery = graphql`
  query UserAccessFieldsChantiersQuery($establishmentId: ID!) {
    admin {
      chantiers(establishmentId: $establishmentId) {
        databaseId
        name
      }
    }
  }
`;

/**
 * A user's access (SPEC 6): companies (every establishment of them, fully), establishments (fully), or chantiers
 * only (access limited to them), each searched among the back office's; what they give is said beside them.
 */
export function UserAccessFields({
  values,
  onChange,
  errors,
  labels,
}: {
  values: AccessValues;
  onChange: (name: keyof AccessValues, value: AccessValues[keyof AccessValues]) => void;
  errors: AccessErrors;
  labels: { companies: string; companySites: string; entities: string };
}) {
  const { t } = useTranslation();
  const limited =
    values.companies.length === 0 && values.companySites.length === 0 && values.entities.length > 0;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        {t('admin.users.access')}
      </Fieldset.Legend>
      <Fieldset.HelperText>{t('admin.users.accessHint')}</Fieldset.HelperText>
      <Fieldset.Content>
        <Stack gap="5">
          <ChoiceList
            chosen={values.companies}
            onChange={(chosen) => onChange('companies', chosen)}
            label={labels.companies}
            source={{ kind: 'companies' }}
            error={errors.companies}
            removeLabel={(label) => t('admin.users.removeCompany', { name: label })}
          />
          <ChoiceList
            chosen={values.companySites}
            onChange={(chosen) => onChange('companySites', chosen)}
            label={labels.companySites}
            source={{ kind: 'establishments' }}
            error={errors.companySites}
            removeLabel={(label) => t('admin.users.removeEstablishment', { name: label })}
          />
          <ChantierChoices
            chosen={values.entities}
            onChange={(chosen) => onChange('entities', chosen)}
            label={labels.entities}
            error={errors.entities}
          />
          {limited && (
            <Text fontSize="sm" color="orange.fg" role="status">
              {t('admin.users.limitedAccess')}
            </Text>
          )}
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** Companies or establishments added one at a time from a search, each removable. */
function ChoiceList({
  chosen,
  onChange,
  label,
  source,
  error,
  removeLabel,
}: {
  chosen: readonly AdminChoice[];
  onChange: (chosen: AdminChoice[]) => void;
  label: string;
  source: AdminChoiceSource;
  error: string | undefined;
  removeLabel: (label: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <AdminCombobox
        label={label}
        source={source}
        mode="add"
        value={null}
        exclude={chosen.map((choice) => choice.id)}
        placeholder={t('admin.users.addPlaceholder')}
        onChange={(choice) => choice && onChange([...chosen, choice])}
        error={error}
      />
      <TagList
        items={chosen.map((choice) => ({ key: choice.id, label: choice.label }))}
        emptyText={t('admin.users.noneChosen')}
        removeLabel={removeLabel}
        onRemove={(key) => onChange(chosen.filter((choice) => choice.id !== key))}
        listLabel={label}
      />
    </Stack>
  );
}
/** The chosen ones, as tags whose button removes them. */
function TagList({
  items,
  emptyText,
  removeLabel,
  onRemove,
  listLabel,
}: {
  items: readonly { key: string; label: string }[];
  emptyText: string;
  removeLabel: (label: string) => string;
  onRemove: (key: string) => void;
  listLabel: string;
}) {
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {emptyText}
      </Text>
    );
  }
  return (
    <Wrap as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={listLabel}>
      {items.map((item) => (
        <Tag.Root as="li" key={item.key} size="lg" colorPalette="brand" variant="subtle">
          <Tag.Label>{item.label}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={removeLabel(item.label)} onClick={() => onRemove(item.key)} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
    </Wrap>
  );
}

/** Chantiers: an establishment is searched, then its chantiers ticked; those chosen stay listed. */
function ChantierChoices({
  chosen,
  onChange,
  label,
  error,
}: {
  chosen: readonly ChantierChoice[];
  onChange: (chosen: ChantierChoice[]) => void;
  label: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [establishment, setEstablishment] = useState<AdminChoice | null>(null);
  const toggle = (chantier: ChantierChoice, checked: boolean) =>
    onChange(
      checked ? [...chosen, chantier] : chosen.filter((choice) => choice.databaseId !== chantier.databaseId),
    );
  return (
    <Stack gap="2">
      <AdminCombobox
        label={t('admin.users.chantierEstablishment', { label })}
        source={{ kind: 'establishments' }}
        value={establishment}
        onChange={setEstablishment}
        error={error}
      />
      {establishment && (
        <ErrorBoundary
          key={establishment.id}
          fallback={
            <Text fontSize="sm" color="fg.error">
              {t('admin.pickerFailed')}
            </Text>
          }
        >
          <Suspense fallback={<ChantierSkeleton />}>
            <ChantierOptions establishment={establishment} chosen={chosen} onToggle={toggle} />
          </Suspense>
        </ErrorBoundary>
      )}
      <TagList
        items={chosen.map((choice) => ({ key: String(choice.databaseId), label: choice.label }))}
        emptyText={t('admin.users.noneChosen')}
        removeLabel={(name) => t('admin.users.removeChantier', { name })}
        onRemove={(key) => onChange(chosen.filter((choice) => String(choice.databaseId) !== key))}
        listLabel={label}
      />
    </Stack>
  );
}

function ChantierSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="2" role="status" aria-label={t('app.loading')}>
      <Bone height="4" width="60%" />
      <Bone height="4" width="45%" />
    </Stack>
  );
}

function ChantierOptions({
  establishment,
  chosen,
  onToggle,
}: {
  establishment: AdminChoice;
  chosen: readonly ChantierChoice[];
  onToggle: (chantier: ChantierChoice, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<UserAccessFieldsChantiersQuery>(
    chantiersQuery,
    { establishmentId: establishment.id },
    { fetchPolicy: 'store-or-network' },
  );
  const chantiers = data.admin?.chantiers ?? [];
  if (chantiers.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('admin.users.noChantier')}
      </Text>
    );
  }
  return (
    <Stack gap="1" role="group" aria-label={t('admin.users.chantiersOf', { name: establishment.label })}>
      {chantiers.map((chantier) => {
        const choice = {
          databaseId: chantier.databaseId,
          label: `${establishment.label} > ${chantier.name}`,
        };
        return (
          <Checkbox.Root
            key={chantier.databaseId}
            checked={chosen.some((item) => item.databaseId === chantier.databaseId)}
            onCheckedChange={(details) => onToggle(choice, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{chantier.name}</Checkbox.Label>
          </Checkbox.Root>
        );
      })}
    </Stack>
  );
}
