import { describe, expect, it } from 'vitest';
import type { AdminExperience } from './admin-club.api.ts';
import { previewExperience } from './preview.ts';

const experience: AdminExperience = {
  id: 'e1', slug: 'stadium-tour', title: 'Stadium tour', description: 'Behind the scenes.', image: null, tiers: ['gold', 'supporter', 'gone'],
  adultsOnly: false, places: 10, placesTaken: 2, position: 0, translations: { es: { title: 'Visita al estadio' } },
  status: 'live', draft: false, archivedAt: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
/** The club's tiers as the API answers them in Spanish: in the club's order, each by its name. */
const tiersEs = [{ slug: 'entry', name: 'Básico' }, { slug: 'supporter', name: 'Socio' }, { slug: 'gold', name: 'Oro' }];

describe("the console's preview of an experience", () => {
  it('names the tiers that unlock it as a supporter reads them, in the club\'s order, never by their slugs', () => {
    const preview = previewExperience(experience, 'es', false, tiersEs);
    expect(preview.title).toBe('Visita al estadio');
    expect(preview.tiers).toEqual([{ slug: 'supporter', name: 'Socio' }, { slug: 'gold', name: 'Oro' }]);
    expect(preview.placesLeft).toBe(8);
  });
});
