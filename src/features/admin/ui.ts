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
