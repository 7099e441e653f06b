// The console's few shared looks, said once: tables, fields and the refusal line.
export const TABLE = 'w-full border-collapse text-left text-sm';
export const TH = 'border-b-2 border-black/15 px-3 py-2 font-semibold whitespace-nowrap';
export const TD = 'border-b border-black/10 px-3 py-2 align-top';
export const INPUT = 'rounded-md border border-black/30 bg-surface px-3 py-2 text-base';
export const LABEL = 'font-semibold';
export const CARD = 'rounded-lg border border-black/10 bg-surface p-4 shadow-sm';
export const REFUSAL = 'text-sm font-semibold text-red-700';
/** A table's frame: it scrolls sideways on a phone, and holds its screen-reader labels (position: absolute) inside. */
export const TABLE_WRAP = 'relative overflow-x-auto';
/**
 * A wide table on a phone: one card per row, each cell with its column's name before it (`data-label`).
 * The header row stays for screen readers.
 */
export const STACKED = {
  table: 'max-md:block',
  thead: 'max-md:sr-only',
  tbody: 'max-md:block',
  tr: 'max-md:block max-md:border-b max-md:border-black/10 max-md:py-3',
  td: 'max-md:block max-md:border-0 max-md:px-0 max-md:py-0.5 max-md:before:mr-2 max-md:before:font-semibold max-md:before:content-[attr(data-label)]',
} as const;
