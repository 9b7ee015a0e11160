import { HStack, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function Logo({ size = 10, withName = true }: { size?: number; withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3">
      <Image src="/favicon.svg" alt={withName ? '' : t('app.name')} boxSize={size} />
      {withName && (
        <Text fontWeight="semibold" fontSize="lg" color="brand.fg">
          {t('app.name')}
        </Text>
      )}
    </HStack>
  );
}
