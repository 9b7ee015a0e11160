import { fieldLabels } from '@portal/domain/fields';
import { operationOutletFields } from '@portal/domain/operation-rules';
import { establishmentFieldLabels } from '@portal/domain/sites';
import 'leaflet/dist/leaflet.css';
import { Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { divIcon, latLngBounds } from 'leaflet';
import { memo, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  MapContainer,
  Marker,
  Polyline,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type {
  DashboardMap_dashboard$data,
  DashboardMap_dashboard$key,
} from '../../__generated__/DashboardMap_dashboard.graphql.ts';
import type { DashboardMapQuery } from '../../__generated__/DashboardMapQuery.graphql.ts';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatTonnes } from '../../i18n/format.ts';

const outletFieldLabels = fieldLabels(operationOutletFields);

/**
 * The map of the year: the producer and provider sites of the operations, the tonnes between them, and
 * the final outlets whose position is known (an establishment has their SIRET). Loaded apart (Leaflet is heavy).
 * Markers differ by shape, not only by colour, and need no image (the icons are inline SVG): without tiles
 * (MAP_TILE_URL=none) or without network they stand on a plain background. Everything the map shows is also in
 * the tables below it, with the sites and outlets it cannot place.
 */

type MapData = NonNullable<DashboardMap_dashboard$data['map']>;
type Site = MapData['sites'][number];
type Outlet = MapData['outlets'][number];
type MarkerKind = 'producer' | 'retriever' | 'both' | 'outlet';

/** Metropolitan France, when nothing can be placed. */
const FRANCE: [number, number] = [46.6, 2.4];

const COLOURS: Record<MarkerKind, string> = {
  producer: '#137563',
  retriever: '#1d4ed8',
  both: '#7e22ce',
  outlet: '#b45309',
};

/** Each kind its own shape: circle, square, diamond, triangle (readable without colour). */
const SHAPES: Record<MarkerKind, string> = {
  producer: '<circle cx="12" cy="12" r="8" />',
  retriever: '<rect x="4.5" y="4.5" width="15" height="15" />',
  both: '<polygon points="12,2 22,12 12,22 2,12" />',
  outlet: '<polygon points="12,2.5 22,20.5 2,20.5" />',
};

function shapeSvg(kind: MarkerKind, size = 24): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false"><g fill="${COLOURS[kind]}" stroke="#ffffff" stroke-width="2">${SHAPES[kind]}</g></svg>`;
}

const ICONS = Object.fromEntries(
  (Object.keys(SHAPES) as MarkerKind[]).map((kind) => [
    kind,
    divIcon({
      html: shapeSvg(kind),
      className: `portal-map-marker portal-map-marker--${kind}`,
      iconSize: [24, 24],
      iconAnchor: [12, 12],
      popupAnchor: [0, -10],
    }),
  ]),
) as Record<MarkerKind, ReturnType<typeof divIcon>>;

function siteKind(site: Site): MarkerKind {
  const producer = site.roles.includes('PRODUCER');
  const retriever = site.roles.includes('RETRIEVER');
  return producer && retriever ? 'both' : retriever ? 'retriever' : 'producer';
}

const placed = <T extends { lat: number | null | undefined; lon: number | null | undefined }>(
  item: T,
): item is T & { lat: number; lon: number } => typeof item.lat === 'number' && typeof item.lon === 'number';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

export const dashboardMapQuery = graphql`
  query DashboardMapQuery($scope: DashboardScope!, $year: Int!) {
    yearlyDashboard(year: $year, scope: $scope) {
      ...DashboardMap_dashboard
    }
  }
`;

/**
 * The map of the year in a scope. It has its own query (started by the route's loader, with the figures' one):
 * its outlets are the slowest figures of `/`, and the figures never wait for them.
 * Memoized: the router re-renders its screens at each change of its state (a navigation starting), and redrawing
 * this at the click held the click up.
 */
export default memo(function DashboardMap({ variables }: { variables: DashboardMapQuery['variables'] }) {
  const { yearlyDashboard } = useLazyLoadQuery<DashboardMapQuery>(dashboardMapQuery, variables, {
    fetchPolicy: 'store-or-network',
  });
  return <MapSection dashboard={yearlyDashboard} />;
});

function MapSection({ dashboard }: { dashboard: DashboardMap_dashboard$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment DashboardMap_dashboard on YearlyDashboard {
        map {
          sites {
            establishmentId
            name
            companyName
            city
            department
            lat
            lon
            roles
            tonnes
            operations
          }
          links {
            producerEstablishmentId
            retrieverEstablishmentId
            tonnes
          }
          outlets {
            name
            siret
            address
            lat
            lon
            tonnes
            transitTonnes
            operations
            treatments {
              treatmentCode {
                code
              }
              family
              tonnes
            }
          }
          withoutOutlet {
            operations
            tonnes
          }
          tiles {
            url
            attribution
            attributionUrl
          }
        }
      }
    `,
    dashboard,
  );
  const map = data.map;

  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="4"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg.panel"
    >
      <Heading as="h3" size="md" id={headingId}>
        {t('dashboard.map.title')}
      </Heading>
      {map === null || map === undefined ? (
        <Text role="alert" color="fg.error">
          {t('dashboard.map.loadFailed')}
        </Text>
      ) : map.sites.length === 0 && map.outlets.length === 0 ? (
        <Text color="fg.muted">{t('dashboard.map.empty')}</Text>
      ) : (
        <MapContent map={map} />
      )}
    </Stack>
  );
}

function MapContent({ map }: { map: MapData }) {
  const { t } = useTranslation();
  const treatmentsText = useTreatmentsText();
  const tonnes = (value: string) => t('dashboard.figures.tonnes', { value: formatTonnes(value) });
  const placedSites = map.sites.filter(placed);
  const placedOutlets = map.outlets.filter(placed);
  const unplacedOutlets = map.outlets.length - placedOutlets.length;
  const points = [...placedSites, ...placedOutlets].map((item) => [item.lat, item.lon] as [number, number]);
  const positions = new Map(placedSites.map((site) => [site.establishmentId, [site.lat, site.lon] as const]));
  const kinds = new Set<MarkerKind>(placedSites.map(siteKind));
  if (placedOutlets.length > 0) kinds.add('outlet');
  const roleLabel = (site: Site) => t(`dashboard.map.kinds.${siteKind(site)}`);
  const place = (site: Site) =>
    [site.city, site.department && `(${site.department})`].filter(Boolean).join(' ') || '—';
  const attribution = map.tiles.attribution
    ? map.tiles.attributionUrl
      ? `<a href="${escapeHtml(map.tiles.attributionUrl)}" target="_blank" rel="noreferrer">${escapeHtml(map.tiles.attribution)}</a>`
      : escapeHtml(map.tiles.attribution)
    : undefined;
  const heaviest = Math.max(1, ...map.links.map((link) => Number(link.tonnes)));

  return (
    <>
      <Legend
        kinds={(['producer', 'retriever', 'both', 'outlet'] as const).filter((kind) => kinds.has(kind))}
      />
      {points.length === 0 && <Text color="fg.muted">{t('dashboard.map.nothingPlaced')}</Text>}
      <Box h={{ base: '80', md: '26rem' }} borderRadius="md" overflow="hidden" borderWidth="1px">
        <MapContainer
          center={FRANCE}
          zoom={5}
          zoomControl={false}
          attributionControl={false}
          scrollWheelZoom={false}
          style={{ height: '100%', width: '100%', background: '#eef2f1' }}
        >
          <MapAccessibility />
          <FitBounds points={points} />
          <ZoomControl
            position="topleft"
            zoomInTitle={t('dashboard.map.zoomIn')}
            zoomOutTitle={t('dashboard.map.zoomOut')}
          />
          <AttributionControl position="bottomright" prefix='<a href="https://leafletjs.com">Leaflet</a>' />
          {map.tiles.url && <TileLayer url={map.tiles.url} attribution={attribution} />}
          {map.links.map((link) => {
            const from = positions.get(link.producerEstablishmentId);
            const to = positions.get(link.retrieverEstablishmentId);
            if (!from || !to) return null;
            return (
              <Polyline
                key={`${link.producerEstablishmentId}-${link.retrieverEstablishmentId}`}
                positions={[from as [number, number], to as [number, number]]}
                pathOptions={{
                  color: '#475569',
                  weight: 1.5 + (3.5 * Number(link.tonnes)) / heaviest,
                  opacity: 0.7,
                  dashArray: '6 4',
                }}
                interactive={false}
              />
            );
          })}
          {placedSites.map((site) => (
            <Marker
              key={site.establishmentId}
              position={[site.lat, site.lon]}
              icon={ICONS[siteKind(site)]}
              title={`${roleLabel(site)} : ${site.companyName} > ${site.name}`}
              keyboard
            >
              <Popup>
                <PopupCard
                  title={`${site.companyName} > ${site.name}`}
                  lines={[
                    roleLabel(site),
                    place(site),
                    `${tonnes(site.tonnes)} · ${t('dashboard.figures.operations', { count: site.operations })}`,
                  ]}
                />
              </Popup>
            </Marker>
          ))}
          {placedOutlets.map((outlet) => (
            <Marker
              key={`outlet|${outlet.siret ?? ''}|${outlet.name}|${outlet.address ?? ''}`}
              position={[outlet.lat, outlet.lon]}
              icon={ICONS.outlet}
              title={`${t('dashboard.map.kinds.outlet')} : ${outlet.name}`}
              keyboard
            >
              <Popup>
                <PopupCard
                  title={outlet.name}
                  lines={[
                    t('dashboard.map.kinds.outlet'),
                    outlet.address ?? '',
                    `${tonnes(outlet.tonnes)} · ${t('dashboard.figures.operations', { count: outlet.operations })}`,
                    treatmentsText(outlet, tonnes),
                  ]}
                />
              </Popup>
            </Marker>
          ))}
        </MapContainer>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('dashboard.map.keyboard')}
      </Text>

      <DataTable
        caption={t('dashboard.map.sitesTable')}
        columns={[
          { label: t('dashboard.map.site') },
          { label: t('dashboard.map.role') },
          { label: establishmentFieldLabels.city },
          { label: t('dashboard.map.tonnes'), numeric: true },
          { label: t('dashboard.map.operations'), numeric: true },
          { label: t('dashboard.map.position') },
        ]}
        rows={map.sites.map((site) => ({
          key: site.establishmentId,
          cells: [
            `${site.companyName} > ${site.name}`,
            roleLabel(site),
            place(site),
            tonnes(site.tonnes),
            String(site.operations),
            placed(site) ? t('dashboard.map.onMap') : t('dashboard.map.unknownPosition'),
          ],
        }))}
      />
      {map.outlets.length > 0 && (
        <DataTable
          caption={t('dashboard.map.outletsTable')}
          columns={[
            { label: t('dashboard.map.outlet') },
            { label: outletFieldLabels.siret },
            { label: outletFieldLabels.address },
            { label: t('dashboard.map.treatments') },
            { label: t('dashboard.map.tonnes'), numeric: true },
            { label: t('dashboard.map.operations'), numeric: true },
            { label: t('dashboard.map.position') },
          ]}
          rows={map.outlets.map((outlet) => ({
            key: `${outlet.siret ?? ''}|${outlet.name}|${outlet.address ?? ''}`,
            cells: [
              outlet.name,
              outlet.siret ?? '—',
              outlet.address ?? '—',
              treatmentsText(outlet, tonnes),
              tonnes(outlet.tonnes),
              String(outlet.operations),
              placed(outlet) ? t('dashboard.map.onMap') : t('dashboard.map.unknownPosition'),
            ],
          }))}
        />
      )}
      {unplacedOutlets > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('dashboard.map.unplacedOutlets', { count: unplacedOutlets })}
        </Text>
      )}
      {map.withoutOutlet.operations > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('dashboard.map.withoutOutlet', {
            count: map.withoutOutlet.operations,
            tonnes: tonnes(map.withoutOutlet.tonnes),
          })}
        </Text>
      )}
    </>
  );
}

/** The treatments of an outlet in one line, each with its tonnes. */
function useTreatmentsText(): (outlet: Outlet, tonnes: (value: string) => string) => string {
  const { t } = useTranslation();
  return (outlet, tonnes) =>
    outlet.treatments
      .map((treatment) => {
        const values = { code: treatment.treatmentCode.code, tonnes: tonnes(treatment.tonnes) };
        // One literal key per call: a union of keys makes i18next's types too deep for the compiler.
        return treatment.family === 'TRANSIT'
          ? t('dashboard.map.transitTreatment', values)
          : t('dashboard.map.treatment', values);
      })
      .join(' ; ');
}

/** A marker's card: no paragraphs (Leaflet's stylesheet spaces them widely inside popups). */
function PopupCard({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Stack gap="1" fontSize="sm" lineHeight="short">
      <Box fontWeight="semibold">{title}</Box>
      {lines
        .filter((line) => line !== '')
        .map((line) => (
          <Box key={line}>{line}</Box>
        ))}
    </Stack>
  );
}

/** What each shape stands for, drawn as on the map. */
function Legend({ kinds }: { kinds: MarkerKind[] }) {
  const { t } = useTranslation();
  return (
    <HStack
      as="ul"
      aria-label={t('dashboard.map.legend')}
      gap="4"
      wrap="wrap"
      listStyleType="none"
      fontSize="sm"
    >
      {kinds.map((kind) => (
        <HStack as="li" key={kind} gap="1.5">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant SVG of this file, no user data */}
          <span dangerouslySetInnerHTML={{ __html: shapeSvg(kind, 18) }} style={{ display: 'inline-flex' }} />
          <span>{t(`dashboard.map.kinds.${kind}`)}</span>
        </HStack>
      ))}
      <HStack as="li" gap="1.5">
        <svg viewBox="0 0 24 12" width="24" height="12" aria-hidden="true" focusable="false">
          <line x1="1" y1="6" x2="23" y2="6" stroke="#475569" strokeWidth="2" strokeDasharray="6 4" />
        </svg>
        <span>{t('dashboard.map.linkLegend')}</span>
      </HStack>
    </HStack>
  );
}

/** Fits the map to its markers whenever they change (a new year or scope). */
function FitBounds({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `points` by value
  useEffect(() => {
    if (points.length === 0) {
      map.setView(FRANCE, 5);
      return;
    }
    map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: 12 });
  }, [map, key]);
  return null;
}

/**
 * French names where Leaflet has English ones, and the map named as a region: its keys (arrows to move, + and -
 * to zoom) work once it has the focus; Tab goes through the markers, Enter opens one.
 */
function MapAccessibility() {
  const { t } = useTranslation();
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('dashboard.map.region'));
  }, [map, t]);
  useMapEvents({
    popupopen(event) {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', t('dashboard.map.closePopup'));
      close?.setAttribute('title', t('dashboard.map.closePopup'));
    },
  });
  return null;
}

/** A table of what the map shows (and what it cannot place), for screen readers and for reading without colour. */
function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly TableColumn[];
  rows: { key: string; cells: string[] }[];
}) {
  const captionId = useId();
  return (
    <Stack gap="2">
      <Heading as="h4" size="sm" id={captionId}>
        {caption}
      </Heading>
      <ResponsiveTable labelledBy={captionId} columns={columns} cardsBelow="44rem">
        {rows.map((row) => (
          <Table.Row key={row.key}>
            {row.cells.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns
              <Table.Cell key={index}>{cell}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </ResponsiveTable>
    </Stack>
  );
}
