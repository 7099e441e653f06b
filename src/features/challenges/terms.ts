import type { PointTerms } from '~/components/ui/points-label.ts';

/** The organization's point terms, from its settings (as the dashboard reads them). */
export function pointTermsOf(settings: { pointTerm: string; pointsTerm: string; animatedPointsAsXp?: string }): PointTerms {
  return { pointTerm: settings.pointTerm, pointsTerm: settings.pointsTerm, asXp: settings.animatedPointsAsXp === 'true' };
}
