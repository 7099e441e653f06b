import type { Translate } from '~/shared/i18n/translate.ts';
import type { Moment } from '~/server/moments/moment.schema.ts';
import { momentWords, type MomentWords } from './moment-words.ts';

// The pieces of a big moment, on the club's dark colour: the picture (the crest, or the badge) with its
// eyebrow, then what it brings. The full-screen moment (./Celebration.tsx) and the notice a page shows after a
// form posted without JavaScript (./MomentNotice.astro) are made of the same pieces.

/** `framed`: the club's crest on a white disc ringed in the accent; a badge is a medal of its own, shown bare. */
export function MomentHeader({ picture, eyebrow, size = 'lg', framed = true }: { picture: string; eyebrow: string; size?: 'lg' | 'sm'; framed?: boolean }) {
  const box = size === 'lg' ? 'size-32' : 'size-20';
  const frame = framed ? `rounded-full bg-white shadow-lg ring-4 ring-accent ${size === 'lg' ? 'p-4' : 'p-3'}` : 'drop-shadow-lg';
  return (
    <div className="flex flex-col items-center gap-3">
      <div className={`${box} ${frame} transition-transform duration-500 ease-out starting:scale-50 motion-reduce:transition-none`}>
        <img src={picture} alt="" width="128" height="128" className="size-full object-contain" />
      </div>
      <p className="text-sm font-bold tracking-widest text-accent uppercase">{eyebrow}</p>
    </div>
  );
}

/** What the moment brings (its blocks), then the other moments of the same answer, each in a line. */
export function MomentDetails({ words, more, t }: { words: MomentWords; more: Moment[]; t: Translate }) {
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-3 text-left">
      {words.blocks.map((block) => (
        <div key={`${block.label ?? ''}${block.text}`} className="rounded-xl bg-white/10 px-4 py-3">
          {block.label && <p className="font-bold">{block.label}</p>}
          {block.text && <p className={block.label ? 'mt-0.5 text-on-secondary/85' : ''}>{block.text}</p>}
        </div>
      ))}
      {more.length > 0 && (
        <>
          <p className="mt-2 text-sm font-bold tracking-widest text-accent uppercase">{t('rank.moment.also')}</p>
          <ul className="flex flex-col gap-2">
            {more.map((moment) => {
              const said = momentWords(moment, t);
              return (
                <li key={said.title} className="flex items-center gap-3 rounded-xl bg-white/10 px-3 py-2">
                  <span className={`size-12 shrink-0 ${moment.kind === 'badge' ? '' : 'rounded-full bg-white p-1.5'}`}>
                    <img src={moment.picture} alt="" width="48" height="48" className="size-full object-contain" />
                  </span>
                  <span>
                    <span className="block font-bold">{said.title}</span>
                    <span className="block text-sm text-on-secondary/85">{said.blocks[0]?.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
