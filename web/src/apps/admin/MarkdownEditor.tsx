import { Box, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useDeferredValue, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown.tsx';
import { FormField } from '../../forms/FormField.tsx';

/**
 * A Markdown text of the portal (a legal text, a help page) beside its preview, drawn as its readers will see it.
 * `value` is the field's current text (`useWatch`).
 */
export function MarkdownEditor({
  label,
  error,
  registration,
  value,
  hint,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  value: string;
  /** Said after how to write Markdown (how a help page links to another). */
  hint?: string;
}) {
  const { t } = useTranslation();
  const previewId = useId();
  // The preview follows the text without holding up typing in a long one.
  const content = useDeferredValue(value);
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
      <FormField
        label={label}
        error={error}
        helperText={hint ? `${t('admin.markdown.help')} ${hint}` : t('admin.markdown.help')}
        required
      >
        <Textarea rows={18} fontFamily="mono" fontSize="sm" {...registration} />
      </FormField>
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium" id={previewId}>
          {t('admin.markdown.preview')}
        </Text>
        <Box
          role="region"
          aria-labelledby={previewId}
          // Scrolled with the keyboard too.
          tabIndex={0}
          borderWidth="1px"
          borderRadius="md"
          p="4"
          maxH="30rem"
          overflowY="auto"
        >
          {content.trim() === '' ? (
            <Text color="fg.muted">{t('admin.markdown.emptyPreview')}</Text>
          ) : (
            <Markdown>{content}</Markdown>
          )}
        </Box>
      </Stack>
    </SimpleGrid>
  );
}
