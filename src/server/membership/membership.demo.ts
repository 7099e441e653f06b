import { randomUUID } from 'node:crypto';
import { writeTranslations } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { hasTierTranslations, insertTiers, setTierTranslations } from './membership.repository.ts';
import { TierTextsSchema } from './membership.texts.ts';

/** The demo organization's tiers: entry (free, the default), one more free tier and one paid tier, in English and Spanish. */
const DEMO_MEMBERSHIP_TIERS = [
  {
    slug: 'entry', name: 'Entry', priceLabel: 'Free', isPaid: false,
    description: 'Free membership for every supporter.',
    perks: ['Earn points and climb the ranks', 'Enter sweepstakes with your points', 'Club news and stories'],
    es: {
      name: 'Básica', priceLabel: 'Gratis', description: 'Membresía gratuita para todos los aficionados.',
      perks: ['Gana puntos y sube de rango', 'Participa en sorteos con tus puntos', 'Noticias e historias del club'],
    },
  },
  {
    slug: 'supporter', name: 'Supporter', priceLabel: 'Free', isPaid: false,
    description: 'For regulars on the terrace: still free, with a little more.',
    perks: ['Everything in Entry', 'Match-day polls and pick\'ems first', 'Supporter badge on your profile'],
    es: {
      name: 'Abonado', priceLabel: 'Gratis', description: 'Para los habituales de la grada: sigue siendo gratis, con algo más.',
      perks: ['Todo lo de Básica', 'Encuestas y pronósticos del partido antes que nadie', 'Insignia de abonado en tu perfil'],
    },
  },
  {
    slug: 'gold', name: 'Gold', priceLabel: '£4.99 a month', isPaid: true,
    description: 'The full club experience.',
    perks: ['Everything in Supporter', 'Double points on check-ins', 'Members-only sweepstakes', 'Priority ticket window'],
    es: {
      name: 'Oro', priceLabel: '4,99 £ al mes', description: 'La experiencia completa del club.',
      perks: ['Todo lo de Abonado', 'Puntos dobles al registrar tu visita', 'Sorteos solo para socios', 'Ventanilla de entradas prioritaria'],
    },
  },
] as const;

/** The demo tier's texts through the schema the console writes them with. */
const demoTexts = (tier: (typeof DEMO_MEMBERSHIP_TIERS)[number]) => TierTextsSchema.parse({
  name: tier.name, description: tier.description, perks: tier.perks, priceLabel: tier.priceLabel, translations: { es: tier.es },
});

/**
 * The Spanish texts, for a demo database made before tiers had them (migration 038): given at start to the demo's
 * tiers while none of the club's tiers has any, as the ranks' names are; once a tier has some, what an owner writes
 * or clears stays. Answers whether it gave them.
 */
export async function addDemoTierTranslations(db: Db, organizationId: string): Promise<boolean> {
  if (await hasTierTranslations(db, organizationId)) return false;
  for (const tier of DEMO_MEMBERSHIP_TIERS) {
    await setTierTranslations(db, organizationId, tier.slug, writeTranslations(demoTexts(tier).translations));
  }
  return true;
}

export async function seedDemoMembershipTiers(db: Db, organizationId: string): Promise<void> {
  const now = new Date().toISOString();
  await insertTiers(db, DEMO_MEMBERSHIP_TIERS.map((tier, position) => {
    const texts = demoTexts(tier);
    return {
      id: randomUUID(),
      organization_id: organizationId,
      slug: tier.slug,
      name: texts.name,
      description: texts.description,
      perks: JSON.stringify(texts.perks),
      price_label: texts.priceLabel,
      translations: writeTranslations(texts.translations),
      is_paid: tier.isPaid ? 1 : 0,
      position,
      created_at: now,
    };
  }));
}
