import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { DEMO_EXPERIENCES, experienceImage } from './experience.demo-data.ts';
import { insertExperiences } from './experience.repository.ts';

/** Seeds the demo experiences (experience.demo-data.ts). */
export async function seedDemoExperiences(db: Db, organizationId: string, now = new Date()): Promise<void> {
  await insertExperiences(db, DEMO_EXPERIENCES.map((demo, position) => ({
    id: randomUUID(), organization_id: organizationId, slug: demo.slug, title: demo.title, description: demo.description,
    image: experienceImage(demo.slug), tiers: JSON.stringify(demo.tiers), adults_only: demo.adultsOnly ? 1 : 0,
    places: demo.places, places_taken: demo.placesTaken, position, created_at: now.toISOString(),
  })));
}
