import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { seedDemoActivations } from '../activations/activation.demo.ts';
import { hasActivations } from '../activations/activation.repository.ts';
import { DEMO_EXCLUDED_CHALLENGE_IDS, seedDemoChallenges } from '../challenges/challenge.demo.ts';
import { seedDemoArticles } from '../content/article.demo.ts';
import { seedDemoStories } from '../content/story.demo.ts';
import { seedDemoVideos } from '../content/video.demo.ts';
import { seedDemoConsents } from '../consents/consent.service.ts';
import { seedDemoExperiences } from '../experiences/experience.demo.ts';
import { hasExperiences } from '../experiences/experience.repository.ts';
import { addDemoTierTranslations, seedDemoMembershipTiers } from '../membership/membership.demo.ts';
import { demoInstagramSettings } from './instagram.demo.ts';
import { assertSettings } from './settings.ts';
import { TimeZoneSchema } from './time-zone.ts';
import { writeTranslations } from '../admin/translations.ts';
import { RankTextsSchema } from './rank-texts.ts';
import { DEMO_RANK_TEXTS } from './rank.demo-data.ts';
import {
  findOrganizationByPublicKey, hasAnyOrganization, hasRankTitles, insertMissingSettings, insertOrganization, insertRanks, insertSettings, updateRankTexts,
} from './organization.repository.ts';

export const DEMO_PUBLIC_KEY = 'pk_demo_terrace';
export const DEMO_NAME = 'Terrace FC';

/** P10 is where every supporter starts; P1 is the top. */
export const DEMO_RANKS: ReadonlyArray<{ name: string; pointsRequired: number }> = [
  { name: 'P10', pointsRequired: 0 },
  { name: 'P9', pointsRequired: 100 },
  { name: 'P8', pointsRequired: 250 },
  { name: 'P7', pointsRequired: 500 },
  { name: 'P6', pointsRequired: 1000 },
  { name: 'P5', pointsRequired: 2000 },
  { name: 'P4', pointsRequired: 3500 },
  { name: 'P3', pointsRequired: 5000 },
  { name: 'P2', pointsRequired: 7500 },
  { name: 'P1', pointsRequired: 10000 },
];

/** Terrace FC's story, as the club's media team would write it. */
export const DEMO_ABOUT_MARKDOWN = `## Who we are

Terrace FC was founded in 1898 by dockworkers who played on the river meadows every Saturday afternoon.
More than a century later we still play five minutes from the water, at **Riverside Park**, in front of
some of the loudest terraces in the league.

## Our supporters

The club has always belonged to the people who stand behind the goal. This app is our thank-you:
every match you attend, every question you answer and every video you watch brings you closer to the
squad, with prizes chosen by the players themselves.

- Season-ticket holders since the 1950s, and new fans who found us last week
- A family stand where under-12s get in free
- A supporters' trust with a seat on the board

## Get in touch

Questions about the app or your membership? Write to the supporters' office at
[supporters@terracefc.example](mailto:supporters@terracefc.example) or visit the club shop on match days.
`;

/** The same story for the club's Spanish-speaking supporters. */
export const DEMO_ABOUT_MARKDOWN_ES = `## Quiénes somos

El Terrace FC nació en 1898, fundado por estibadores que jugaban cada sábado por la tarde en las praderas del río.
Más de un siglo después seguimos jugando a cinco minutos del agua, en **Riverside Park**, ante algunas de las
gradas más ruidosas de la liga.

## Nuestra afición

El club siempre ha sido de la gente que anima detrás de la portería. Esta aplicación es nuestro agradecimiento:
cada partido al que vienes, cada pregunta que respondes y cada vídeo que ves te acercan a la plantilla, con
premios elegidos por los propios jugadores.

- Abonados desde los años cincuenta y aficionados que nos descubrieron la semana pasada
- Una grada familiar donde los menores de 12 años entran gratis
- Una asociación de aficionados con un puesto en el consejo

## Contacto

¿Dudas sobre la aplicación o tu membresía? Escribe a la oficina de la afición en
[supporters@terracefc.example](mailto:supporters@terracefc.example) o visita la tienda del club los días de partido.
`;

// Organization settings are strings, as the spec's `ssoEnabled === 'true'` implies.
export const DEMO_SETTINGS: Readonly<Record<string, string>> = {
  pointTerm: 'point',
  pointsTerm: 'points',
  animatedPointsAsXp: 'false',
  ssoEnabled: 'false',
  loggedOffDashboard: 'false',
  // Daily check-in (server/checkin): checkinPoints every day; checkinStreakBonus more on every 7th
  // consecutive day of a streak (days 7, 14, 21…). Whole numbers; '0' turns the bonus off.
  checkinPoints: '10',
  checkinStreakBonus: '5',
  // Challenge ids (comma-separated) hidden from every challenge list and read: the demo's ten (spec section 9).
  excludedChallengeIds: DEMO_EXCLUDED_CHALLENGE_IDS.join(','),
  // Rewards (server/rewards): on the birthday, once a year (for a birthday on the profile for 30 days); to the
  // referrer when a referred friend has earned points on two different days, at most referralMonthlyCap a month.
  birthdayBonusPoints: '50',
  referralPoints: '100',
  referralMonthlyCap: '10',
  // The club's identity (server/organization/settings.ts): paths to files committed under public/brand/.
  crestUrl: '/brand/terrace-fc/crest.svg',
  heroUrl: '/brand/terrace-fc/hero.svg',
  // The about page's text (Markdown, the club's own words), and in Spanish for supporters reading Spanish.
  aboutMarkdown: DEMO_ABOUT_MARKDOWN,
  aboutMarkdownEs: DEMO_ABOUT_MARKDOWN_ES,
  themePrimary: '#0b5d3b',
  themeOnPrimary: '#ffffff',
  themeSecondary: '#12233f',
  themeOnSecondary: '#ffffff',
  themeAccent: '#f2b705',
  themeOnAccent: '#12233f',
  themeBackground: '#f6f7f9',
  themeSurface: '#ffffff',
  themeText: '#12161c',
};

/** Seeds the demo organization "Terrace FC" into a database that has none; answers whether it did. */
export async function seedDemoOrganization(db: Db, publicKey = DEMO_PUBLIC_KEY): Promise<boolean> {
  if (await hasAnyOrganization(db)) return false;
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertOrganization(trx, {
      id,
      name: DEMO_NAME,
      public_key: publicKey,
      token: `ot_${randomBytes(16).toString('hex')}`,
      time_zone: TimeZoneSchema.parse('Europe/London'),
      created_at: new Date().toISOString(),
    });
    await insertRanks(trx, DEMO_RANKS.map((r) => ({ organization_id: id, name: r.name, points_required: r.pointsRequired })));
    await seedDemoRankTexts(trx, id);
    const settings = { ...DEMO_SETTINGS, ...demoInstagramSettings() };
    assertSettings(settings);
    await insertSettings(trx, Object.entries(settings).map(([key, value]) => ({ organization_id: id, key, value })));
    await seedDemoConsents(trx, id);
    await seedDemoMembershipTiers(trx, id);
    await seedDemoChallenges(trx, id);
    await seedDemoArticles(trx, id);
    await seedDemoStories(trx, id);
    await seedDemoVideos(trx, id);
    await seedDemoActivations(trx, id);
    await seedDemoExperiences(trx, id);
  });
  return true;
}

/**
 * Demo settings that came after the first demo databases were made: added at start (`npm start`,
 * `db:seed`) to the demo organization, the demo's name under the configured public key, when it lacks
 * them, so an existing demo shows them without a migration. A club that renamed its organization gets
 * nothing, and a key already set, to anything, is left alone: a club that wants no Instagram posts
 * sets `instagramPosts` to `[]`. Answers how many settings it added.
 */
export async function addLaterDemoSettings(db: Db, publicKey = DEMO_PUBLIC_KEY): Promise<number> {
  const organization = await findOrganizationByPublicKey(db, publicKey);
  if (organization?.name !== DEMO_NAME) return 0;
  const later = demoInstagramSettings();
  assertSettings(later);
  return insertMissingSettings(db, Object.entries(later).map(([key, value]) => ({ organization_id: organization.id, key, value })));
}

/**
 * Demo content that came after the first demo databases were made (activations, enhanced experiences, the tiers' Spanish):
 * added at start to the demo organization when it has none of that kind, so an existing demo shows them.
 * A club that renamed its organization gets nothing. Answers how many kinds it added.
 */
export async function addLaterDemoContent(db: Db, publicKey = DEMO_PUBLIC_KEY): Promise<number> {
  const organization = await findOrganizationByPublicKey(db, publicKey);
  if (organization?.name !== DEMO_NAME) return 0;
  let added = 0;
  if (!(await hasActivations(db, organization.id))) {
    await seedDemoActivations(db, organization.id);
    added += 1;
  }
  if (!(await hasExperiences(db, organization.id))) {
    await seedDemoExperiences(db, organization.id);
    added += 1;
  }
  if (!(await hasRankTitles(db, organization.id))) {
    await seedDemoRankTexts(db, organization.id);
    added += 1;
  }
  if (await addDemoTierTranslations(db, organization.id)) added += 1;
  return added;
}

/** The demo's names and perks of its ranks (./rank.demo-data.ts), through the schema the console writes them with. */
async function seedDemoRankTexts(db: Db, organizationId: string): Promise<void> {
  for (const [name, { title, perk, es }] of Object.entries(DEMO_RANK_TEXTS)) {
    const texts = RankTextsSchema.parse({ title, perk, translations: { es } });
    await updateRankTexts(db, organizationId, name, { title: texts.title, perk: texts.perk, translations: writeTranslations(texts.translations) });
  }
}
