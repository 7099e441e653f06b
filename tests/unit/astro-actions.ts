// `astro:actions` for the unit tests, which run without Astro's Vite plugins: an action reads as its
// form's query (`?_action=challenges.answer`), as in the page; a call answers nothing.
type Stub = ((input?: unknown) => Promise<{ data?: undefined; error: { status: number; message: string } }>) & Record<string, unknown>;

function action(path: string): Stub {
  const call = async () => ({ error: { status: 501, message: '' } });
  return new Proxy(Object.assign(call, { toString: () => `?_action=${path}` }) as unknown as Stub, {
    get: (target, key) => (typeof key === 'symbol' || key in target ? Reflect.get(target, key) : action(path ? `${path}.${key}` : key)),
  });
}

export const actions = action('');
