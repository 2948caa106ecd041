import { hash } from '@node-rs/argon2';
import { type Kysely, sql } from 'kysely';
import type { Database, Role } from '../db/schema.ts';
import type { ContentBlock } from '../domain/announcements/blocks.ts';
import { addDays, todayIn } from '../domain/dates.ts';
import type { EventScope, EventStatus } from '../domain/events/statuses.ts';
import { venueInstant, venueTimeZone } from '../domain/events/time-zone.ts';
import type { RunType } from '../domain/runs/categories.ts';
import { seedLegacyDemo } from './seed-legacy.ts';

/**
 * Demo data for a fresh embedded database and `npm run db:seed`. Dates are relative to the day
 * it runs, so the registration phases, "days away" and the year list always look alive.
 * Idempotent: every row has a natural key (department name, e-mail, slug) and is only added when missing.
 */

export const DEMO_ACCOUNTS: ReadonlyArray<{
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}> = [
  {
    role: 'super-admin',
    email: 'superadmin@firefit.example',
    password: 'FireFit-Super1',
    firstName: 'Sam',
    lastName: 'Okafor',
  },
  {
    role: 'admin',
    email: 'admin@firefit.example',
    password: 'FireFit-Admin1',
    firstName: 'Alex',
    lastName: 'Tremblay',
  },
  {
    role: 'user',
    email: 'competitor@firefit.example',
    password: 'FireFit-Run1',
    firstName: 'Jordan',
    lastName: 'MacLeod',
  },
];

/** One bio per demo account, in DEMO_ACCOUNTS order. */
const DEMO_BIOS: ReadonlyArray<{
  headline: string;
  about: string;
  position: string;
  years_of_service: number;
  hometown: string;
}> = [
  {
    headline: 'Series director and former national champion',
    about:
      "Raced for twelve seasons before moving to the timing table. Runs the series calendar and the officials' clinic.",
    position: 'Captain',
    years_of_service: 22,
    hometown: 'Toronto, ON',
  },
  {
    headline: 'Course builder and head official',
    about:
      'Sets up the tower, the sled and the hose drag at every stop, and reviews every penalty before results go out.',
    position: 'Lieutenant',
    years_of_service: 15,
    hometown: 'Mississauga, ON',
  },
  {
    headline: 'Open Men competitor chasing a sub-1:30',
    about:
      'Started racing after a station fitness challenge. Trains stair climbs and sled drives four mornings a week.',
    position: 'Firefighter',
    years_of_service: 6,
    hometown: 'Halifax, NS',
  },
];

const DEPARTMENTS = [
  { name: 'Vancouver Fire Rescue Services', city: 'Vancouver', province: 'BC' },
  { name: 'Kelowna Fire Department', city: 'Kelowna', province: 'BC' },
  { name: 'Calgary Fire Department', city: 'Calgary', province: 'AB' },
  { name: 'Edmonton Fire Rescue Services', city: 'Edmonton', province: 'AB' },
  { name: 'Saskatoon Fire Department', city: 'Saskatoon', province: 'SK' },
  { name: 'Winnipeg Fire Paramedic Service', city: 'Winnipeg', province: 'MB' },
  { name: 'Toronto Fire Services', city: 'Toronto', province: 'ON' },
  { name: 'Ottawa Fire Services', city: 'Ottawa', province: 'ON' },
  { name: 'Service de sécurité incendie de Montréal', city: 'Montréal', province: 'QC' },
  { name: 'Halifax Regional Fire & Emergency', city: 'Halifax', province: 'NS' },
  { name: 'Saint John Fire Department', city: 'Saint John', province: 'NB' },
  { name: "St. John's Regional Fire Department", city: "St. John's", province: 'NL' },
] as const;

interface EventSeed {
  slug: string;
  name: string;
  /** Days from today to the start date. */
  startsIn: number;
  days: number;
  department: number; // index into DEPARTMENTS
  scope: EventScope;
  status: EventStatus;
  /** Days from today to each registration date; null: not set. */
  opensIn: number | null;
  earlyEndsIn: number | null;
  lateStartsIn: number | null;
  closesIn: number | null;
  isActive?: boolean;
  description: string;
}

const e = (s: EventSeed) => s;
const EVENTS: EventSeed[] = [
  // Past: two years ago (a season of results history), last year and earlier this year.
  e({
    slug: 'saint-john-opener-past',
    name: 'Fundy Coast FireFit Opener',
    startsIn: -760,
    days: 1,
    department: 1,
    scope: 'Regional',
    status: 'Completed',
    opensIn: -880,
    earlyEndsIn: -840,
    lateStartsIn: -790,
    closesIn: -767,
    description: "The season opener on the Saint John waterfront, where many of today's racers set their first times.",
  }),
  e({
    slug: 'kelowna-classic-past',
    name: 'Okanagan FireFit Classic',
    startsIn: -400,
    days: 2,
    department: 1,
    scope: 'Regional',
    status: 'Completed',
    opensIn: -520,
    earlyEndsIn: -480,
    lateStartsIn: -430,
    closesIn: -407,
    description: 'Two days of head-to-head racing on the Kelowna waterfront.\nIndividual, relay and Tech2 categories.',
  }),
  e({
    slug: 'calgary-stampede-challenge-past',
    name: 'Stampede City Challenge',
    startsIn: -330,
    days: 1,
    department: 2,
    scope: 'Provincial',
    status: 'Completed',
    opensIn: -450,
    earlyEndsIn: -400,
    lateStartsIn: -350,
    closesIn: -337,
    description: 'Alberta provincial qualifier.\nSeeding rounds in the morning, knockouts after lunch.',
  }),
  e({
    slug: 'halifax-harbour-past',
    name: 'Harbour Front FireFit',
    startsIn: -290,
    days: 1,
    department: 9,
    scope: 'Regional',
    status: 'Cancelled',
    opensIn: -400,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: -300,
    description: 'Cancelled because of a coastal storm warning. Entry fees were refunded.',
  }),
  e({
    slug: 'winnipeg-prairie-past',
    name: 'Prairie Regional',
    startsIn: -180,
    days: 1,
    department: 5,
    scope: 'Regional',
    status: 'Completed',
    opensIn: -300,
    earlyEndsIn: -250,
    lateStartsIn: -200,
    closesIn: -187,
    description: 'The prairie stop of the series, held at The Forks.',
  }),
  e({
    slug: 'montreal-ouvert-past',
    name: 'Défi FireFit de Montréal',
    startsIn: -95,
    days: 2,
    department: 8,
    scope: 'National',
    status: 'Completed',
    opensIn: -220,
    earlyEndsIn: -170,
    lateStartsIn: -120,
    closesIn: -102,
    description: 'National qualifier in the Old Port of Montréal.\nBilingual announcing all weekend.',
  }),
  e({
    slug: 'saskatoon-bridge-city-past',
    name: 'Bridge City FireFit',
    startsIn: -40,
    days: 1,
    department: 4,
    scope: 'Local',
    status: 'Completed',
    opensIn: -150,
    earlyEndsIn: null,
    lateStartsIn: -60,
    closesIn: -47,
    description: 'A one-day local event for first-timers and veterans alike.',
  }),
  // Now and soon.
  e({
    slug: 'toronto-indoor-now',
    name: 'Toronto Indoor Winter Series',
    startsIn: 0,
    days: 2,
    department: 6,
    scope: 'Provincial',
    status: 'In Progress',
    opensIn: -120,
    earlyEndsIn: -80,
    lateStartsIn: -30,
    closesIn: -7,
    description: 'Indoor racing at the exhibition grounds.\nDoors open at 8:00; first heat at 9:00.',
  }),
  e({
    slug: 'ottawa-capital-cup',
    name: 'Capital Cup',
    startsIn: 12,
    days: 1,
    department: 7,
    scope: 'Regional',
    status: 'Firm',
    opensIn: -90,
    earlyEndsIn: -60,
    lateStartsIn: -14,
    closesIn: 5,
    description: 'On Parliament Hill grounds.\nTeam relays close the day.',
  }),
  e({
    slug: 'edmonton-river-valley',
    name: 'River Valley Relay Championship',
    startsIn: 45,
    days: 1,
    department: 3,
    scope: 'Provincial',
    status: 'Confirmed',
    opensIn: -30,
    earlyEndsIn: -5,
    lateStartsIn: 30,
    closesIn: 38,
    description: 'Relays only: Men, Women, Mixed, Over 40 and Tech2.',
  }),
  e({
    slug: 'vancouver-spring-open',
    name: 'Pacific Spring Open',
    startsIn: 120,
    days: 2,
    department: 0,
    scope: 'National',
    status: 'Confirmed',
    opensIn: -10,
    earlyEndsIn: 40,
    lateStartsIn: 90,
    closesIn: 110,
    description: 'The first national qualifier of the season.\nFree entry for spectators.',
  }),
  e({
    slug: 'saint-john-bay-of-fundy',
    name: 'Bay of Fundy FireFit',
    startsIn: 160,
    days: 1,
    department: 10,
    scope: 'Regional',
    status: 'Tentative',
    opensIn: 30,
    earlyEndsIn: 70,
    lateStartsIn: 130,
    closesIn: 150,
    description: 'Dates to be confirmed with the city.',
  }),
  e({
    slug: 'halifax-harbour-return',
    name: 'Harbour Front FireFit Returns',
    startsIn: 200,
    days: 1,
    department: 9,
    scope: 'Regional',
    status: 'To Be Rescheduled',
    opensIn: null,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: null,
    description: "Back after last year's storm. A new date will be announced.",
  }),
  e({
    slug: 'draft-regina',
    name: 'Queen City Draft Event',
    startsIn: 230,
    days: 1,
    department: 4,
    scope: 'Local',
    status: 'Draft',
    opensIn: null,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: null,
    description: 'Draft: not public yet.',
  }),
  e({
    slug: 'inactive-kamloops',
    name: 'Kamloops Summer Heat',
    startsIn: 250,
    days: 1,
    department: 1,
    scope: 'Local',
    status: 'Confirmed',
    opensIn: 100,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: 240,
    isActive: false,
    description: 'Paused by the organiser.',
  }),
  e({
    slug: 'national-championship-next',
    name: 'Canadian National FireFit Championship',
    startsIn: 300,
    days: 3,
    department: 2,
    scope: 'National',
    status: 'Confirmed',
    opensIn: 60,
    earlyEndsIn: 150,
    lateStartsIn: 260,
    closesIn: 285,
    description: 'Three days of seeding and knockout rounds.\nNational titles in every category.',
  }),
  e({
    slug: 'st-johns-east-coast',
    name: 'East Coast Challenge',
    startsIn: 420,
    days: 1,
    department: 11,
    scope: 'Regional',
    status: 'Tentative',
    opensIn: 200,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: 410,
    description: 'The easternmost stop of the series.',
  }),
  e({
    slug: 'world-challenge-two-years',
    name: 'FireFit World Challenge',
    startsIn: 640,
    days: 3,
    department: 0,
    scope: 'International',
    status: 'Tentative',
    opensIn: 400,
    earlyEndsIn: 480,
    lateStartsIn: 600,
    closesIn: 625,
    description: 'Teams from across Canada and abroad.\nHost city bid accepted.',
  }),
  e({
    slug: 'winnipeg-prairie-two-years',
    name: 'Prairie Regional',
    startsIn: 560,
    days: 1,
    department: 5,
    scope: 'Regional',
    status: 'Tentative',
    opensIn: 420,
    earlyEndsIn: null,
    lateStartsIn: null,
    closesIn: 550,
    description: 'Returning to The Forks.',
  }),
];

const RUNS: Array<{ name: string; type: RunType; category: string; limit: number }> = [
  { name: 'Individual: Open Men', type: 'individual', category: 'Open Men', limit: 60 },
  { name: 'Individual: Open Women', type: 'individual', category: 'Open Women', limit: 30 },
  { name: 'Individual: Over 40 Men', type: 'individual', category: 'Over 40 Men', limit: 30 },
  { name: 'Relay: Mixed', type: 'relay', category: 'Mixed', limit: 16 },
  { name: 'Tech2 Relay: Men', type: 'tech2', category: 'Men', limit: 12 },
];

/**
 * Demo national qualifying standards (docs/decisions/068), for the current season and the one before (a
 * little slower): set so that some of the demo's official times qualify (Q) and others do not.
 */
const QUALIFYING_STANDARDS: Array<{ type: RunType; category: string; timeMs: number }> = [
  { type: 'individual', category: 'Open Men', timeMs: 120_000 },
  { type: 'individual', category: 'Open Women', timeMs: 150_000 },
  { type: 'individual', category: 'Over 40 Men', timeMs: 140_000 },
  { type: 'individual', category: 'Chief', timeMs: 300_000 },
  { type: 'relay', category: 'Men', timeMs: 110_000 },
  { type: 'relay', category: 'Mixed', timeMs: 140_000 },
  { type: 'relay', category: 'Over 50', timeMs: 150_000 },
  { type: 'tech2', category: 'Men', timeMs: 120_000 },
  { type: 'tech2', category: 'Women', timeMs: 180_000 },
  { type: 'tech2', category: 'Mixed', timeMs: 150_000 },
];
/** How much slower the previous season's standards were. */
const PREVIOUS_SEASON_SLACK_MS = 2_000;

const p = (text: string): ContentBlock => ({ type: 'paragraph', data: { text } });
const ANNOUNCEMENTS: Array<{
  slug: string;
  title: string;
  excerpt: string;
  daysAgo: number;
  pinned?: boolean;
  visible?: boolean;
  videoUrl?: string;
  content: ContentBlock[];
}> = [
  {
    slug: 'season-calendar',
    title: "Next season's calendar is out",
    excerpt: 'Seven stops across the country, the national championship and a world challenge.',
    daysAgo: 2,
    pinned: true,
    content: [
      p('The full calendar for the coming season is now published on the Events page.'),
      { type: 'heading', data: { text: 'What is new' } },
      {
        type: 'list',
        data: {
          items: [
            'A relay-only championship in Edmonton',
            'Tech2 at every national qualifier',
            'Live run orders on the venue screen',
          ],
        },
      },
      { type: 'divider', data: {} },
      p('Registration opens event by event; early-bird prices apply until each early deadline.'),
    ],
  },
  {
    slug: 'rule-update-penalties',
    title: 'Rulebook update: penalty review at the timing table',
    excerpt: 'Two-second penalties are now confirmed by the head official before results are published.',
    daysAgo: 9,
    pinned: true,
    content: [
      p('Each two-second penalty is now entered at the timing table and reviewed by the head official.'),
      { type: 'quote', data: { text: 'Fair racing is fast racing.', author: 'Head official' } },
      p('Disqualifications continue to be decided on the course.'),
    ],
  },
  {
    slug: 'toronto-indoor-live',
    title: 'Toronto Indoor Winter Series starts today',
    excerpt: 'Follow the run order live and catch the relays in the afternoon.',
    daysAgo: 0,
    videoUrl: 'https://video.example.org/firefit/toronto-indoor',
    content: [
      p('Heats start at 9:00. The run order on the big screen follows every change made at the timing table.'),
      {
        type: 'video',
        data: { url: 'https://video.example.org/firefit/toronto-indoor', caption: 'Highlights from last winter' },
      },
    ],
  },
  {
    slug: 'montreal-results',
    title: 'Montréal: national records in two categories',
    excerpt: 'A new Over 50 record and the fastest Mixed relay of the season.',
    daysAgo: 93,
    content: [
      { type: 'heading', data: { text: 'Records' } },
      p('Two national records fell in the Old Port this weekend.'),
      { type: 'image', data: { caption: 'The relay finish line', alt: 'Relay finish line' } },
    ],
  },
  {
    slug: 'volunteers-wanted',
    title: 'Volunteers wanted for timing and course crews',
    excerpt: 'Help run an event: no experience needed, training on site.',
    daysAgo: 30,
    content: [p('Write to us to join a course crew at an event near you.')],
  },
  {
    slug: 'health-questionnaire',
    title: 'Health questionnaire now online',
    excerpt: 'Complete it once a season from your profile before registering.',
    daysAgo: 60,
    content: [p('The questionnaire is part of your competitor profile and is valid for the whole season.')],
  },
  {
    slug: 'hidden-draft-news',
    title: 'Draft: sponsor announcement',
    excerpt: 'Not visible to the public yet.',
    daysAgo: 1,
    visible: false,
    content: [p('Embargoed until the sponsor agrees.')],
  },
  {
    slug: 'scheduled-news',
    title: 'Scheduled: early-bird reminder',
    excerpt: 'Published in the future.',
    daysAgo: -5,
    content: [p('Early-bird prices end soon.')],
  },
];

export interface SeedSummary {
  departments: number;
  users: number;
  events: number;
  runs: number;
  announcements: number;
}

export async function seedDemoData(
  db: Kysely<Database>,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<SeedSummary> {
  const today = todayIn(timeZone, now);
  const at = (days: number | null) => (days === null ? null : addDays(today, days));
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hash(a.password)));
  const added: SeedSummary = { departments: 0, users: 0, events: 0, runs: 0, announcements: 0 };

  await db.transaction().execute(async (trx) => {
    const departmentIds: number[] = [];
    for (const d of DEPARTMENTS) {
      const existing = await trx
        .selectFrom('departments')
        .select('id')
        .where(sql`lower(name)`, '=', d.name.toLowerCase())
        .executeTakeFirst();
      if (existing) {
        departmentIds.push(existing.id);
        continue;
      }
      const row = await trx
        .insertInto('departments')
        .values({ ...d, email: `info@${d.city.toLowerCase().replace(/[^a-z]/g, '')}-fire.example`, phone: '555-0100' })
        .returning('id')
        .executeTakeFirstOrThrow();
      departmentIds.push(row.id);
      added.departments++;
    }

    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', a.email)
        .executeTakeFirst();
      if (existing) continue;
      await trx
        .insertInto('users')
        .values({
          email: a.email,
          password_hash: hashes[i] as string,
          first_name: a.firstName,
          last_name: a.lastName,
          role: a.role,
          is_verified: true,
          is_active: true,
          department_id: departmentIds[6] ?? null,
          date_of_birth: '1988-04-12',
        })
        .execute();
      added.users++;
    }

    // Demo bios (public competitor profiles), without photos; not counted in the summary.
    for (const [i, b] of DEMO_BIOS.entries()) {
      const email = DEMO_ACCOUNTS[i]?.email;
      if (!email) continue;
      const user = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();
      if (!user) continue;
      const existing = await trx.selectFrom('bios').select('id').where('user_id', '=', user.id).executeTakeFirst();
      if (existing) continue;
      await trx
        .insertInto('bios')
        .values({ user_id: user.id, ...b })
        .execute();
    }

    for (const ev of EVENTS) {
      const existing = await trx.selectFrom('events').select('id').where('slug', '=', ev.slug).executeTakeFirst();
      if (existing) continue;
      const start = addDays(today, ev.startsIn);
      const row = await trx
        .insertInto('events')
        .values({
          slug: ev.slug,
          name: ev.name,
          description: ev.description,
          start_date: start,
          end_date: addDays(start, ev.days - 1),
          city: DEPARTMENTS[ev.department]?.city ?? '',
          province: DEPARTMENTS[ev.department]?.province ?? '',
          scope: ev.scope,
          status: ev.status,
          is_active: ev.isActive ?? true,
          department_id: departmentIds[ev.department] ?? null,
          registration_opens_on: at(ev.opensIn),
          early_bird_ends_on: at(ev.earlyEndsIn),
          late_starts_on: at(ev.lateStartsIn),
          registration_closes_on: at(ev.closesIn),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      added.events++;
      // The first run at 9:00 on the venue's clock, one an hour after it (docs/decisions/069).
      const zone = venueTimeZone(DEPARTMENTS[ev.department]?.province);
      const runs = RUNS.map((r, index) => ({
        event_id: row.id,
        name: r.name,
        type: r.type,
        category: r.category,
        participant_limit: r.limit,
        start_time: venueInstant(start, 9 + index, 0, zone),
        end_time: venueInstant(start, 10 + index, 0, zone),
        // Six minutes a heat, for the estimated starts of the demo's heats (docs/decisions/047).
        heat_duration_seconds: 360,
      }));
      await trx.insertInto('runs').values(runs).execute();
      added.runs += runs.length;
    }

    // Qualifying standards of this season and the last; ones already there (or changed since) stay as they are.
    const season = Number(today.slice(0, 4));
    await trx
      .insertInto('qualifying_standards')
      .values(
        [season, season - 1].flatMap((year) =>
          QUALIFYING_STANDARDS.map((q) => ({
            season: year,
            run_type: q.type,
            category: q.category,
            time_ms: q.timeMs + (year < season ? PREVIOUS_SEASON_SLACK_MS : 0),
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['season', 'run_type', 'category']).doNothing())
      .execute();

    for (const a of ANNOUNCEMENTS) {
      const existing = await trx.selectFrom('announcements').select('id').where('slug', '=', a.slug).executeTakeFirst();
      if (existing) continue;
      await trx
        .insertInto('announcements')
        .values({
          slug: a.slug,
          title: a.title,
          excerpt: a.excerpt,
          content: JSON.stringify(a.content),
          published_at: new Date(now.getTime() - a.daysAgo * 86_400_000),
          is_pinned: a.pinned ?? false,
          is_visible: a.visible ?? true,
          video_url: a.videoUrl ?? null,
        })
        .execute();
      added.announcements++;
    }
  });
  // The legacy billing area's demo data, in the embedded `legacy` schema (docs/legacy-billing.md).
  await seedLegacyDemo(db);
  return added;
}
