// Closing a story goes back to the page that opened it, which the browser loads afresh: focus would start at
// the top. The viewer notes which story it was, and the rail puts focus back on that story's cover.

const KEY = 'terrace:story-closed';

/** Called by the viewer as it closes. */
export function noteStoryClosed(storyId: string): void {
  try {
    sessionStorage.setItem(KEY, storyId);
  } catch {
    // Storage off: focus starts at the top, as it did.
  }
}

/** Called by the rail as the page loads: focus goes back to the cover of the story just closed. */
export function returnFocusToStory(rail: ParentNode | null): void {
  let storyId: string | null = null;
  try {
    storyId = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!storyId || !rail) return;
  rail.querySelector<HTMLElement>(`a[data-story-id="${CSS.escape(storyId)}"]`)?.focus();
}
