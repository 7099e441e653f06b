import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { LivePoints } from './LivePoints.tsx';

const render = (over: Partial<Parameters<typeof LivePoints>[0]> = {}) => renderToStaticMarkup(
  <LivePoints
    points={60} rank="P9" nextRank={{ name: 'P8', pointsRequired: 250 }} rankProgress={{ percent: 50, pointsToNext: 75 }}
    terms={DEFAULT_POINT_TERMS} underage={false} locale="en" {...over}
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
    expect(render({ rank: 'P1', nextRank: null, rankProgress: { percent: 100, pointsToNext: 0 } })).not.toContain('progressbar');
  });
});
