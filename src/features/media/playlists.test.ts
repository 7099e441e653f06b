import { describe, expect, it } from 'vitest';
import { PLAYLISTS as CATALOG } from '~/server/content/playlist.catalog.ts';
import { PLAYLISTS } from './playlists.ts';

describe('the six playlists', () => {
  it('are the same in the Media tab’s list and in the API’s catalog', () => {
    expect(PLAYLISTS.map((p) => [p.id, p.slug, p.title, p.blurb])).toEqual(CATALOG.map((p) => [p.id, p.slug, p.title, p.description]));
  });
});
