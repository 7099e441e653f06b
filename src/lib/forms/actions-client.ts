// astro:actions' browser client, only ever imported with import() (./submit-action.ts): its own chunk, fetched
// at an island's first send, not with the page. (Imported with import() directly, the module would stay where
// the server's pages and the console import it statically.)
export { actions } from 'astro:actions';
