import {
  Box,
  Card,
  Flex,
  SimpleGrid,
  Skeleton,
  type SkeletonProps,
  Stack,
  useSlotRecipe,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shapes a screen takes while its data loads, instead of a spinner: a list (rows), figures (cards and a
 * chart), a detail (label and value lines). A screen declares its own in its app's `routes.tsx` (`skeleton`).
 */
export type SkeletonKind = 'list' | 'figures' | 'detail';

/** One placeholder bar; still for users who ask for reduced motion. */
export function Bone(props: SkeletonProps) {
  return <Skeleton borderRadius="sm" _motionReduce={{ animation: 'none' }} {...props} />;
}

/**
 * A region that is loading: busy, said in words to screen readers ('Chargement…'), its placeholder shapes hidden
 * from them.
 */
function LoadingRegion({ kind, children }: { kind: SkeletonKind | 'chart'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" data-skeleton={kind}>
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
      <Stack gap="6" aria-hidden="true">
        {children}
      </Stack>
    </Box>
  );
}

/** A heading and the line under it. */
function HeadingBones() {
  return (
    <Stack gap="3">
      <Bone height="7" width={{ base: '70%', md: '40%' }} />
      <Bone height="4" width={{ base: '90%', md: '55%' }} />
    </Stack>
  );
}

const ROW_COUNT = 6;

/**
 * A list: its heading, a row of filters, then rows of a table. The rows are a generic shape (a title with its
 * line under it and a few short cells, wrapping under each other at phone width), whatever the list's columns.
 */
export function ListSkeleton() {
  return (
    <LoadingRegion kind="list">
      <HeadingBones />
      <Flex gap="3" wrap="wrap">
        {[48, 40, 36].map((width) => (
          <Bone key={width} height="9" width={{ base: 'full', sm: width }} />
        ))}
      </Flex>
      <Box borderWidth="1px" borderRadius="md" bg="bg.panel" overflow="hidden">
        <Box px="4" py="3" bg="bg.subtle">
          <Bone height="4" width={{ base: '40%', md: '25%' }} />
        </Box>
        {Array.from({ length: ROW_COUNT }, (_, row) => (
          <Flex
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their place.
            key={row}
            gap={{ base: '2', md: '6' }}
            px="4"
            py="3"
            borderTopWidth="1px"
            wrap={{ base: 'wrap', md: 'nowrap' }}
            align="center"
          >
            <Stack gap="2" flex={{ base: '1 0 100%', md: '1 1 40%' }}>
              <Bone height="4" width="70%" />
              <Bone height="3" width="45%" />
            </Stack>
            <Bone height="4" flex={{ base: '0 0 35%', md: '1 1 20%' }} />
            <Bone height="4" flex={{ base: '0 0 25%', md: '1 1 12%' }} />
            <Bone height="6" flex={{ base: '0 0 25%', md: '0 0 96px' }} borderRadius="full" />
          </Flex>
        ))}
      </Box>
    </LoadingRegion>
  );
}

/** A chart, a map or a table of figures that comes after the key figures. */
export function ChartSkeleton() {
  return (
    <LoadingRegion kind="chart">
      <ChartBones />
    </LoadingRegion>
  );
}

/**
 * The place of a chart or a map drawn once the user scrolls near it: its shapes, hidden from screen readers, and
 * not a loading status (nothing is loading yet).
 */
export function ChartPlaceholder() {
  return (
    <Box aria-hidden="true">
      <ChartBones still />
    </Box>
  );
}

/** The place of a group of charts drawn once the user scrolls near them: as many charts' shapes, as laid out. */
export function ChartsPlaceholder({ count }: { count: number }) {
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shapes are alike and never reordered
        <ChartBones key={index} still />
      ))}
    </SimpleGrid>
  );
}

/**
 * A chart's shapes; `still`, without the pulse of loading, for a place whose content is not loading (it comes
 * when scrolled near): nothing moves, and an animation running for as long as the page stays open costs the
 * processor every frame.
 */
function ChartBones({ still = false }: { still?: boolean }) {
  const motion = still ? { animation: 'none' } : {};
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Bone height="5" width={{ base: '60%', md: '30%' }} {...motion} />
        <Bone height={{ base: '48', md: '64' }} {...motion} />
      </Card.Body>
    </Card.Root>
  );
}

/** Key figures: a heading, four cards of figures, then a chart. */
export function FiguresSkeleton() {
  return (
    <LoadingRegion kind="figures">
      <Bone height="7" width={{ base: '70%', md: '35%' }} />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {[0, 1, 2, 3].map((card) => (
          <Card.Root key={card}>
            <Card.Body gap="3">
              <Bone height="3" width="50%" />
              <Bone height="8" width="75%" />
              <Bone height="3" width="60%" />
              <Bone height="3" width="40%" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <ChartBones />
    </LoadingRegion>
  );
}

/** One record: its heading, then cards of label and value lines. */
export function DetailSkeleton() {
  return (
    <LoadingRegion kind="detail">
      <HeadingBones />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {[0, 1].map((card) => (
          <Card.Root key={card}>
            <Card.Body gap="4">
              <Bone height="5" width="40%" />
              {[0, 1, 2, 3, 4].map((line) => (
                <Flex key={line} gap="4">
                  <Bone height="4" flex="0 0 35%" />
                  <Bone height="4" flex="1" />
                </Flex>
              ))}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </LoadingRegion>
  );
}

const SKELETONS: Record<SkeletonKind, () => ReactNode> = {
  list: ListSkeleton,
  figures: FiguresSkeleton,
  detail: DetailSkeleton,
};

/** The skeleton of a kind. */
export function ScreenSkeleton({ kind }: { kind: SkeletonKind }) {
  const Shape = SKELETONS[kind];
  return <Shape />;
}

/**
 * Content being replaced by its next version (a new filter, search or page): the previous content stays on screen,
 * marked busy, with a bar running along its top, until the next one is there; a screen reader hears that it is
 * being updated. Not dimmed: faded text and badges would fall under the contrast WCAG asks for.
 */
export function UpdatingRegion({
  busy,
  label,
  children,
}: {
  busy: boolean;
  /** What a screen reader hears while busy: 'Mise à jour…' unless said otherwise. */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* Outside the busy box: assistive technologies may hold back what a busy region says. */}
      <VisuallyHidden role="status">{busy ? (label ?? t('app.updating')) : ''}</VisuallyHidden>
      <Box aria-busy={busy} position="relative" cursor={busy ? 'progress' : undefined}>
        {busy && <UpdatingBar />}
        {children}
      </Box>
    </>
  );
}

/**
 * The bar running along the top of content being updated: Chakra's indeterminate progress bar, drawn from its
 * recipe on plain elements. Decorative (the status beside it says it), it needs no state machine, which Chakra's
 * Progress started for each bar, about 30 ms at the start of a navigation here.
 */
function UpdatingBar() {
  const styles = useSlotRecipe({ key: 'progress' })({ size: 'xs' });
  return (
    <Box
      aria-hidden="true"
      colorPalette="brand"
      css={[styles.root, { position: 'absolute', top: '-2', insetX: '0' }]}
    >
      <Box css={[styles.track, { bg: 'transparent' }]}>
        <Box
          data-state="indeterminate"
          css={[styles.range, { _motionReduce: { animation: 'none', left: '0', width: 'full' } }]}
        />
      </Box>
    </Box>
  );
}
