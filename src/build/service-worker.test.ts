import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedAtATap, precacheList } from './service-worker.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function chunks(files: Record<string, string>): string[] {
  dir = mkdtempSync(join(tmpdir(), 'terrace-sw-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
  return Object.keys(files);
}

describe('what the service worker keeps of the code islands load at a tap', () => {
  it('keeps those chunks and what they import, not what they load later nor anything else', async () => {
    const assets = chunks({
      'ky-instance.A1.js': 'import{t as e}from"./ky.B2.js";import"./side.C3.js";export{e as createKy};',
      'ky.B2.js': 'export const t=1;',
      'side.C3.js': 'import{x}from"./ky.B2.js";',
      'actions-client.D4.js': 'import{a}from"./_astro_actions.E5.js";const later=()=>import("./far.F6.js");',
      '_astro_actions.E5.js': 'export const a=1;',
      'far.F6.js': 'export default 1;',
      'ToastItem.G7.js': 'export const T=1;',
      'celebrate.J1.js': 'import{D}from"./Dialog.J2.js";',
      'Dialog.J2.js': 'export const D=1;',
      'confetti.module.J3.js': 'export default 1;',
      'Dashboard.H8.js': 'import{t}from"./ky.B2.js";',
    });
    expect(await loadedAtATap(dir, assets)).toEqual(
      ['Dialog.J2.js', 'ToastItem.G7.js', '_astro_actions.E5.js', 'actions-client.D4.js', 'celebrate.J1.js', 'confetti.module.J3.js', 'ky-instance.A1.js', 'ky.B2.js', 'side.C3.js'],
    );
  });

  it('fails the build when one of them is no longer a chunk of its own', async () => {
    const assets = chunks({ 'ky-instance.A1.js': '', 'ToastItem.G7.js': '' });
    await expect(loadedAtATap(dir, assets)).rejects.toThrow(/actions-client/);
  });
});

describe('the list the service worker keeps at install', () => {
  /** A built client folder: the chunks islands load at a tap, a stylesheet, the favicon and two badges. */
  function client(extraChunk = ''): string {
    dir = mkdtempSync(join(tmpdir(), 'terrace-sw-'));
    for (const folder of ['_astro', 'images/badges']) mkdirSync(join(dir, folder), { recursive: true });
    const files: Record<string, string> = {
      '_astro/ky-instance.A1.js': '', '_astro/actions-client.D4.js': '', '_astro/ToastItem.G7.js': '', '_astro/celebrate.J1.js': '',
      '_astro/confetti.module.J3.js': '', '_astro/Dashboard.H8.js': '', '_astro/base.K1.css': '', 'favicon.svg': '<svg/>',
      'images/badges/first-checkin.svg': '<svg id="a"/>', 'images/badges/streak-7.svg': '<svg id="b"/>',
      ...(extraChunk ? { [`_astro/${extraChunk}`]: '' } : {}),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    return dir;
  }
  const revisions = (list: { url: string; revision: string | null }[]) => Object.fromEntries(list.map(({ url, revision }) => [url, revision]));

  it('keeps a picture under the hash of its bytes, so a new build sends again only the offline page and a redrawn badge', async () => {
    const first = revisions(await precacheList(client()));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['/offline', '/favicon.svg', '/images/badges/first-checkin.svg', '/images/badges/streak-7.svg', '/_astro/base.K1.css', '/_astro/celebrate.J1.js']));
    expect(first['/_astro/base.K1.css']).toBeNull();
    rmSync(dir, { recursive: true, force: true });

    // The next deploy: its code changed (a new chunk name), the pictures did not.
    const next = revisions(await precacheList(client('Dashboard.Z9.js')));
    expect(next['/offline']).not.toBe(first['/offline']);
    for (const url of ['/favicon.svg', '/images/badges/first-checkin.svg', '/images/badges/streak-7.svg']) expect(next[url], url).toBe(first[url]);

    // The club redrew one badge.
    writeFileSync(join(dir, 'images/badges/streak-7.svg'), '<svg id="b2"/>');
    const redrawn = revisions(await precacheList(dir));
    expect(redrawn['/images/badges/streak-7.svg']).not.toBe(next['/images/badges/streak-7.svg']);
    expect(redrawn['/images/badges/first-checkin.svg']).toBe(next['/images/badges/first-checkin.svg']);
  });
});
