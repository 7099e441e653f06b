import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { validationHook } from '../openapi.ts';

export const mediaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
