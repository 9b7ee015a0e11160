import { Box, HStack, Text } from '@chakra-ui/react';
import { skipFieldLabels } from '@portal/domain/skips';
import { useTranslation } from 'react-i18next';

interface FillingGaugeProps {
  /** The steps from empty to full, in order. */
  steps: readonly string[];
  /** The current step; null when nobody said. */
  value: string | null;
  /** The step's label ('À moitié plein'). */
  label: (step: string) => string;
}

/**
 * How full a container is (SPEC 3: filling level, empty to full): a gauge and its words, read by screen readers
 * as a meter with its text value.
 */
export function FillingGauge({ steps, value, label }: FillingGaugeProps) {
  const { t } = useTranslation();
  const index = value === null ? -1 : steps.indexOf(value);
  const max = steps.length - 1;
  const text = index < 0 ? t('skips.fillingUnknown') : label(steps[index] ?? '');
  const full = index === max;
  return (
    <HStack gap="3">
      <Box
        role="meter"
        aria-label={skipFieldLabels.fillingLevel}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.max(index, 0)}
        aria-valuetext={text}
        display="flex"
        gap="1"
        flexShrink="0"
      >
        {steps.slice(1).map((step, position) => (
          <Box
            key={step}
            width="5"
            height="2.5"
            borderRadius="sm"
            bg={position < index ? (full ? 'orange.solid' : 'brand.solid') : 'bg.emphasized'}
          />
        ))}
      </Box>
      <Text fontSize="sm" color={index < 0 ? 'fg.muted' : 'fg'}>
        {text}
      </Text>
    </HStack>
  );
}
