import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedAtATap } from './service-worker.ts';

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
