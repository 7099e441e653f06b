import { readApiProblem } from '~/lib/api/errors.ts';

/** The item, or undefined when there is none by that id (unknown, or an id no item could have): the page's 404. */
export async function unlessMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    const { status } = await readApiProblem(error);
    if (status === 404 || status === 422) return undefined;
    throw error;
  }
}
