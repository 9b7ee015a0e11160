import type { TrackdechetsSandbox } from './index.ts';

/** What the stand-in reads of the portal's database. */
interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The demo producer's account, whose Trackdéchets account the stand-in holds. */
export const SANDBOX_DEMO_EMAIL = 'producteur@demo.fr';
/** The slip of the demo with no operation in the portal (a pick-up made outside it). */
export const SANDBOX_OUTSIDE_SLIP = 'BSD-HORS-PORTAIL-0001';

/** A slip's status from its operation's: the realised ones treated, the latest still on their way. */
const statusOf = (index: number, count: number) =>
  index === count - 1 ? 'SIGNED_BY_PRODUCER' : index === count - 2 ? 'SENT' : 'PROCESSED';

/**
 * Fills the stand-in with the demo producer's world, read from the portal: its establishments registered on
 * Trackdéchets (all but the last one, which shows "account not created"), an account of the same e-mail member
 * of them, a slip for each of its hazardous operations carrying a number, and one slip of a pick-up made outside
 * the portal. Nothing happens when the database holds no demo producer.
 */
export async function fillSandboxFromDemo(sandbox: TrackdechetsSandbox, db: Queryable): Promise<void> {
  const sites = await db.query<{ id: number; siret: string; name: string; address: string | null }>(
    `select cs.id, cs.siret, c.name || ' — ' || cs.name as name, concat_ws(' ', cs.address, cs.postcode, cs.city) as address
     from users u join user_companies uc on uc.user_id = u.id join company_sites cs on cs.company_id = uc.company_id
     join companies c on c.id = cs.company_id
     where u.email = $1 and cs.siret ~ '^[0-9]{14}$' order by cs.id`,
    [SANDBOX_DEMO_EMAIL],
  );
  const registered = sites.slice(0, Math.max(1, sites.length - 1));
  if (registered.length === 0) return;
  for (const site of registered) {
    sandbox.addCompany({
      siret: site.siret,
      name: site.name,
      address: site.address ?? undefined,
      companyTypes: ['PRODUCER'],
    });
  }
  sandbox.addUser({
    email: SANDBOX_DEMO_EMAIL,
    name: 'Producteur Démo',
    sirets: registered.map((site) => site.siret),
  });
  const operations = await db.query<{
    siteId: number;
    bsdNumber: string;
    day: string;
    wasteCode: string | null;
    wasteName: string | null;
    quantity: string | null;
    transporterName: string | null;
    transporterSiret: string | null;
    recipientName: string | null;
    recipientSiret: string | null;
  }>(
    `select o.company_site_id as "siteId", o.bsd_number as "bsdNumber",
       coalesce(o.real_intervention_date, o.intervention_date, o.requested_date)::text as day,
       o.waste_code as "wasteCode", w.label as "wasteName", o.received_quantity::text as quantity,
       o.transporter_name as "transporterName", o.transporter_siret as "transporterSiret",
       pc.name as "recipientName", ps.siret as "recipientSiret"
     from operations o
     left join third_level_wastes w on w.id = o.third_level_waste_id
     left join company_sites ps on ps.id = o.provider_site_id
     left join companies pc on pc.id = ps.company_id
     where o.company_site_id = any($1::int[]) and o.dangerous and o.bsd_number is not null
       and o.status <> 'CANCELLED'
     order by day, o.id`,
    [registered.map((site) => site.id)],
  );
  const siteOf = new Map(registered.map((site) => [site.id, site]));
  operations.forEach((operation, index) => {
    const site = siteOf.get(operation.siteId);
    if (site === undefined) return;
    const createdAt = new Date(`${operation.day}T07:30:00Z`);
    const status = statusOf(index, operations.length);
    const quantity = Number(operation.quantity ?? '1');
    sandbox.addForm({
      readableId: operation.bsdNumber,
      status,
      emitter: { siret: site.siret, name: site.name },
      transporter: {
        name: operation.transporterName ?? 'Transporteur',
        siret: operation.transporterSiret ?? undefined,
      },
      recipient: {
        name: operation.recipientName ?? 'Installation de traitement',
        siret: operation.recipientSiret ?? undefined,
      },
      wasteCode: operation.wasteCode ?? '16 06 01*',
      wasteName: operation.wasteName ?? 'Déchet dangereux',
      quantity,
      quantityReceived: status === 'PROCESSED' ? quantity : null,
      createdAt,
      updatedAt: status === 'PROCESSED' ? new Date(createdAt.getTime() + 3 * 86_400_000) : createdAt,
    });
  });
  const first = registered[0];
  if (first !== undefined) {
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    sandbox.addForm({
      readableId: SANDBOX_OUTSIDE_SLIP,
      status: 'RECEIVED',
      emitter: { siret: first.siret, name: first.name },
      transporter: { name: 'Transports Rhodaniens' },
      recipient: { name: 'Centre de regroupement de Feyzin' },
      wasteCode: '13 02 05*',
      wasteName: 'Huiles moteur usagées',
      quantity: 0.42,
      createdAt: lastWeek,
      updatedAt: new Date(lastWeek.getTime() + 86_400_000),
    });
  }
}
