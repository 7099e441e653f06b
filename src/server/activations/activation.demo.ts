import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { badgeImage, DEMO_ACTIVATIONS } from './activation.demo-data.ts';
import { insertActivations } from './activation.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Seeds the demo activations (activation.demo-data.ts), their windows counted from `now`. */
export async function seedDemoActivations(db: Db, organizationId: string, now = new Date()): Promise<void> {
  await insertActivations(db, DEMO_ACTIVATIONS.map((demo) => ({
    id: randomUUID(), organization_id: organizationId, slug: demo.slug, title: demo.title, description: demo.description,
    badge_name: demo.badgeName, badge_image: badgeImage(demo.slug), points: demo.points,
    starts_at: new Date(now.getTime() - demo.startedHoursAgo * HOUR).toISOString(),
    stops_at: new Date(now.getTime() + demo.stopsInDays * DAY).toISOString(),
    created_at: now.toISOString(),
  })));
}
