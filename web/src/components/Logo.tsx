import { type ConditionalValue, HStack, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The portal's mark and name; `nameDisplay` hides the name where room is short (the mark stays). */
export function Logo({
  size = 10,
  withName = true,
  nameDisplay,
}: {
  size?: number;
  withName?: boolean;
  nameDisplay?: ConditionalValue<'none' | 'block'>;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="3">
      <Image src="/favicon.svg" alt={withName ? '' : t('app.name')} boxSize={size} />
      {withName && (
        <Text fontWeight="semibold" fontSize="lg" color="brand.fg" display={nameDisplay}>
          {t('app.name')}
        </Text>
      )}
    </HStack>
  );
}
