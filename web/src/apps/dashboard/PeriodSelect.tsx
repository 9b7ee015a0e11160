import { Box, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface Period {
  year: number;
  /** 1 to 12; absent on the yearly view. */
  month?: number;
}

/**
 * The period of a dashboard screen: the year (the scope's years, latest first, SPEC 4) and, on the monthly views,
 * the month with previous and next buttons. It only reports choices: the screen writes them onto its URL.
 */
export function PeriodSelect({
  years,
  period,
  onChange,
}: {
  years: readonly number[];
  period: Period;
  /**
   * A choice, as a change of the period: applied by the screen to the period of the URL as it is then, so that two
   * quick choices (a year, then a month) both hold.
   */
  onChange: (change: (current: Period) => Period) => void;
}) {
  const { t } = useTranslation();
  const yearId = useId();
  const monthId = useId();
  const { year, month } = period;
  const options = years.includes(year) ? years : [year, ...years].sort((a, b) => b - a);
  const monthNames = t('dashboard.period.monthNames', { returnObjects: true }) as string[];
  const step = (delta: number) =>
    onChange((current) => {
      const index = current.year * 12 + ((current.month ?? 1) - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });

  return (
    <HStack as="section" aria-label={t('dashboard.period.label')} gap="3" align="end" wrap="wrap">
      <Box>
        <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
          <label htmlFor={yearId}>{t('dashboard.period.year')}</label>
        </Text>
        <NativeSelect.Root size="sm" minW="28">
          <NativeSelect.Field
            id={yearId}
            value={String(year)}
            onChange={(event) => {
              const chosen = Number(event.currentTarget.value);
              onChange((current) => ({ ...current, year: chosen }));
            }}
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      {month !== undefined && (
        <>
          <Box>
            <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
              <label htmlFor={monthId}>{t('dashboard.period.month')}</label>
            </Text>
            <NativeSelect.Root size="sm" minW="36">
              <NativeSelect.Field
                id={monthId}
                value={String(month)}
                onChange={(event) => {
                  const chosen = Number(event.currentTarget.value);
                  onChange((current) => ({ ...current, month: chosen }));
                }}
              >
                {monthNames.map((name, index) => (
                  <option key={name} value={index + 1}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
          <HStack gap="1">
            <IconButton
              size="sm"
              variant="outline"
              aria-label={t('dashboard.period.previousMonth')}
              onClick={() => step(-1)}
            >
              <Chevron direction="left" />
            </IconButton>
            <IconButton
              size="sm"
              variant="outline"
              aria-label={t('dashboard.period.nextMonth')}
              onClick={() => step(1)}
            >
              <Chevron direction="right" />
            </IconButton>
          </HStack>
        </>
      )}
    </HStack>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}
