import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import en from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { pickMessages } from '~/shared/i18n/translate.ts';
import { LivePoints } from './LivePoints.tsx';

const render = (over: Partial<Parameters<typeof LivePoints>[0]> = {}) => renderToStaticMarkup(
  <LivePoints
    points={60} rank={{ name: 'P9', title: null, perk: null }} nextRank={{ name: 'P8', title: null, perk: null, pointsRequired: 250 }} rankProgress={{ percent: 50, pointsToNext: 75 }}
    terms={DEFAULT_POINT_TERMS} underage={false} locale="en" messages={pickMessages(en, 'points.', 'rank.')} historyHref="/history" {...over}
  />,
);

describe('LivePoints rendered on the server', () => {
  it('shows the real balance in the animated pill, not 0, before any JavaScript runs', () => {
    const html = render();
    expect(html).toContain('<span aria-hidden="true"><span data-final="60"');
    expect(html).toMatch(/>60<\/span><\/span> points<\/span>/);
    expect(html).not.toMatch(/>0<\/span><\/span> points/);
  });

  it("draws the server's rank progress: 50 % and 75 points to P8, as on the profile", () => {
    const html = render();
    expect(html).toContain('aria-valuenow="50"');
    expect(html).toContain('width:50%');
    expect(html).toContain('75 points to P8');
  });

  it('shows no progress bar at the top rank', () => {
    expect(render({ rank: { name: 'P1', title: null, perk: null }, nextRank: null, rankProgress: { percent: 100, pointsToNext: 0 } })).not.toContain('progressbar');
  });

  it('leads from the balance to the history', () => {
    expect(render()).toMatch(/<a href="\/history"[^>]*>.*60<\/span><\/span> points.*see your history.*<\/a>/);
    // Under 18: no points, but still the way to the history.
    expect(render({ underage: true })).toMatch(/<a href="\/history"[^>]*>.*Your history.*<\/a>/);
  });

  it("names the rank and the next one beside their codes, and says what the next one brings, in the page's language", () => {
    const html = render({
      locale: 'es', messages: pickMessages(es, 'points.', 'rank.'), rank: { name: 'P9', title: 'Habitual', perk: 'Historias.' },
      nextRank: { name: 'P8', title: 'Voz de la grada', perk: 'Historias desde el vestuario.', pointsRequired: 250 },
    });
    expect(html).toContain('Rango P9 · Habitual');
    expect(html).toContain('para P8 · Voz de la grada');
    expect(html).toMatch(/P8 trae:<\/span> Historias desde el vestuario\./);
  });

  it('speaks Spanish: rank, progress and numbers', () => {
    const html = render({
      locale: 'es', messages: pickMessages(es, 'points.', 'rank.'), points: 1500,
      terms: { pointTerm: 'punto', pointsTerm: 'puntos', asXp: false }, rankProgress: { percent: 50, pointsToNext: 1250 },
    });
    expect(html).toContain('Rango P9');
    expect(html).toContain('aria-label="Progreso hacia P8"');
    expect(html).toContain('Te faltan 1250 puntos para P8');
    expect(html).toContain('aria-label="Tus puntos"');
  });
});
