import { downloadBlob } from '~/lib/download.ts';
import { useState, type MouseEvent } from 'react';
import { fetchRulesPdf } from './sweepstakes.api.ts';

export interface RulesLinkProps {
  /** The PDF under MEDIA_BASE_URL (the app's media route, or a CDN). */
  href: string;
  /** The name the downloaded file gets. */
  fileName: string;
  label: string;
  failedText: string;
}

/**
 * The official rules: a plain link to the PDF (without JavaScript the browser opens it). Hydrated, it
 * fetches the PDF as a Blob (spec section 7) and hands it to the browser as a download under a readable
 * name; should the fetch fail, it says so and the link still works.
 */
export function RulesLink({ href, fileName, label, failedText }: RulesLinkProps) {
  const [failed, setFailed] = useState(false);

  async function download(event: MouseEvent<HTMLAnchorElement>): Promise<void> {
    // A new tab or window asked for (modifier keys, middle click) goes to the file itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    try {
      downloadBlob(await fetchRulesPdf(href), fileName);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <a href={href} type="application/pdf" onClick={(e) => void download(e)} data-rules-link
        className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-primary underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
        {label}
      </a>
      {failed && <p role="alert" className="mt-1 text-sm font-semibold text-red-800">{failedText}</p>}
    </>
  );
}
