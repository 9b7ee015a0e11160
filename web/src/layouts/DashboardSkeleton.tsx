import { Box, Flex, Stack } from '@chakra-ui/react';
import { Logo } from '../components/Logo.tsx';
import { Bone } from '../components/Skeletons.tsx';
import { RouteSkeleton } from '../routing/RouteSkeleton.tsx';

const NAVIGATION_WIDTHS = ['70%', '60%', '80%', '65%', '55%', '75%', '60%'];

/**
 * The dashboard's frame while the session and the user's establishments load (a first visit, a reload): the
 * header, the side navigation and the screen's own skeleton, where `DashboardLayout` draws them.
 */
export function DashboardSkeleton() {
  return (
    <Flex direction="column" minH="100dvh">
      <Flex
        align="center"
        gap={{ base: '2', md: '4' }}
        px={{ base: '3', md: '6' }}
        py="2"
        minH={{ base: '16', md: '20' }}
        bg="bg.panel"
        borderBottomWidth="1px"
      >
        <Bone aria-hidden="true" boxSize="10" display={{ base: 'block', lg: 'none' }} />
        <Logo size={8} />
        <Bone
          aria-hidden="true"
          height="9"
          flex="1"
          maxW="4xl"
          ms={{ md: '6' }}
          display={{ base: 'none', md: 'block' }}
        />
        <Bone aria-hidden="true" height="10" width="32" ms="auto" flexShrink="0" />
      </Flex>
      <Flex flex="1" minH="0">
        <Stack
          aria-hidden="true"
          display={{ base: 'none', lg: 'flex' }}
          width="64"
          flexShrink="0"
          bg="bg.panel"
          borderRightWidth="1px"
          p="6"
          gap="5"
        >
          {NAVIGATION_WIDTHS.map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder entries have no identity but their place.
            <Bone key={index} height="5" width={width} />
          ))}
        </Stack>
        <Box as="main" flex="1" minW="0" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
          <RouteSkeleton />
        </Box>
      </Flex>
    </Flex>
  );
}
