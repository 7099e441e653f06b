import type { APIRoute } from 'astro';
import { getApp } from '~/server/runtime.ts';

// Every /api/* request goes to the loyalty API (Hono), which answers in its own JSON shape.
export const ALL: APIRoute = ({ request }) => getApp().fetch(request);
